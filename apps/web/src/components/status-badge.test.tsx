import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { SERVICE_STATES } from '@serwis/domain';
import { theme } from '../app/theme';
import { ServiceStateBadge } from './status-badge';

const show = (state: string, title?: string) =>
  render(
    <MantineProvider theme={theme} env="test">
      <ServiceStateBadge state={state} title={title} />
    </MantineProvider>,
  );

describe('ServiceStateBadge', () => {
  it.each([
    ['UTWORZONY', 'Utworzony', 'gray'],
    ['DODAJ_SKAN', 'Dodaj skan', 'yellow'],
    ['PODPISANY', 'Podpisany', 'green'],
    ['ODRZUCONY', 'Odrzucony', 'red'],
  ])('shows %s as the reference data\'s "%s", in %s', (state, label, color) => {
    show(state);
    const badge = screen.getByText(label).closest('.mantine-Badge-root') as HTMLElement;
    expect(badge).toHaveAttribute('data-service-state', state);
    expect(badge.style.getPropertyValue('--badge-bg')).toBe(`var(--mantine-color-${color}-light)`);
  });

  it('names every state of the reference data, and shows an unknown one as it came, in grey', () => {
    expect(SERVICE_STATES.map((s) => s.name).sort()).toEqual(
      ['DODAJ_SKAN', 'ODRZUCONY', 'PODPISANY', 'UTWORZONY'].sort(),
    );
    show('ARCHIWALNY', 'Stan spoza listy');
    const badge = screen.getByText('ARCHIWALNY').closest('.mantine-Badge-root') as HTMLElement;
    expect(badge.style.getPropertyValue('--badge-bg')).toBe('var(--mantine-color-gray-light)');
    expect(badge).toHaveAttribute('title', 'Stan spoza listy');
  });
});
