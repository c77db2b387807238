import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MantineProvider, TextInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { theme } from '../app/theme';
import { QuietSelect } from './quiet-select';

const customers = Array.from({ length: 300 }, (_, i) => ({
  value: String(i + 1),
  label: `Kontrahent ${i + 1}`,
}));

/** A form in miniature: typing in one field re-renders all of it, the Select's callbacks made anew. */
function Form({ drawn }: { drawn: string[] }) {
  const [serial, setSerial] = useState('');
  const [customer, setCustomer] = useState<string | null>(null);
  return (
    <>
      <TextInput label="Numer seryjny" value={serial} onChange={(e) => setSerial(e.currentTarget.value)} />
      <QuietSelect
        label="Kontrahent"
        data={customers}
        searchable
        limit={100}
        value={customer}
        onChange={(value) => setCustomer(value)}
        renderOption={({ option }) => {
          drawn.push(option.value);
          return option.label;
        }}
      />
      <output>{customer ?? 'brak'}</output>
    </>
  );
}

describe('QuietSelect', () => {
  it('is not drawn again while another field of its form is typed in, and still takes a choice', () => {
    const drawn: string[] = [];
    render(
      <MantineProvider theme={theme}>
        <Form drawn={drawn} />
      </MantineProvider>,
    );
    const serial = screen.getByLabelText('Numer seryjny');
    fireEvent.change(serial, { target: { value: 'S' } });
    const afterFirstKey = drawn.length;
    for (const value of ['SN', 'SN-', 'SN-1', 'SN-12']) fireEvent.change(serial, { target: { value } });
    expect((serial as HTMLInputElement).value).toBe('SN-12');
    expect(drawn.length).toBe(afterFirstKey);

    fireEvent.click(screen.getByRole('combobox', { name: 'Kontrahent' }));
    fireEvent.click(screen.getByRole('option', { name: 'Kontrahent 7' }));
    expect(screen.getByRole('status').textContent).toBe('7');
    expect((screen.getByRole('combobox', { name: 'Kontrahent' }) as HTMLInputElement).value).toBe(
      'Kontrahent 7',
    );
  });
});
