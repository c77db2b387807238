import { useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../../app/theme';
import { SearchBox } from './search-box';

function Searched() {
  const [value, setValue] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <SearchBox value={value} onChange={setValue} />
      <output data-testid="term">{value}</output>
    </MantineProvider>
  );
}

describe('SearchBox', () => {
  it('clears a typed term with its "x" or Escape, and keeps the keyboard in the field', async () => {
    render(<Searched />);
    const user = userEvent.setup();
    const field = screen.getByLabelText('Szukaj');
    expect(screen.queryByRole('button', { name: 'Wyczyść wyszukiwanie' })).not.toBeInTheDocument();
    await user.type(field, 'Prasa');
    await user.click(screen.getByRole('button', { name: 'Wyczyść wyszukiwanie' }));
    expect(field).toHaveValue('');
    expect(screen.getByTestId('term')).toHaveTextContent('');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('button', { name: 'Wyczyść wyszukiwanie' })).not.toBeInTheDocument();
    await user.type(field, 'Tokarka{Escape}');
    expect(field).toHaveValue('');
  });
});
