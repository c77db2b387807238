import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { theme } from '../app/theme';
import { PageHeader } from './page-header';

const header = (title: string) => (
  <MantineProvider theme={theme}>
    <MemoryRouter>
      <PageHeader title={title} backTo="/home" />
    </MemoryRouter>
  </MantineProvider>
);

describe('PageHeader', () => {
  it('names the browser tab after the screen, and gives it back to the app when the screen goes', () => {
    const view = render(header('Lista maszyn'));
    expect(screen.getByRole('heading', { level: 2, name: 'Lista maszyn' })).toBeTruthy();
    expect(document.title).toBe('Lista maszyn – Serwis');
    view.rerender(header('Edycja maszyny: Prasa krawędziowa'));
    expect(document.title).toBe('Edycja maszyny: Prasa krawędziowa – Serwis');
    view.unmount();
    expect(document.title).toBe('Serwis');
  });
});
