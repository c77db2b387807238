import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@serwis/domain';
import { theme } from '../app/theme';
import { TimeField } from './time-field';

function Form() {
  const [time, setTime] = useState('');
  return (
    <MantineProvider theme={theme} env="test">
      <TimeField label="Przyjazd" value={time} onTimeChange={setTime} />
      <output>{`zapisane: „${time}”`}</output>
    </MantineProvider>
  );
}

describe('TimeField', () => {
  it('says a time left half typed is not a time once the field is left, and drops it when completed', async () => {
    render(<Form />);
    const field = screen.getByLabelText<HTMLInputElement>('Przyjazd');
    // "0930" on a 12-hour clock without AM or PM: the browser's field has no value and says so.
    const validity = { badInput: true };
    Object.defineProperty(field, 'validity', { get: () => validity });
    await userEvent.click(field);
    await userEvent.tab();
    expect(screen.getByText(MSG.timeIncomplete)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    validity.badInput = false;
    await userEvent.type(field, '09:30');
    expect(screen.queryByText(MSG.timeIncomplete)).toBeNull();
    expect(screen.getByRole('status')).toHaveTextContent('zapisane: „09:30”');
  });
});
