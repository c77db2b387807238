import { useState } from 'react';
import { MantineProvider, Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { ModalActions } from './modal-actions';

let setSaving: (saving: boolean) => void = () => undefined;

function Dialog() {
  const [saving, set] = useState(false);
  setSaving = set;
  return (
    <Modal opened onClose={() => undefined} title="Dodawanie pliku" transitionProps={{ duration: 0 }}>
      <form onSubmit={(event) => event.preventDefault()}>
        <ModalActions onCancel={() => undefined} saving={saving} submitLabel="Dodaj" />
      </form>
    </Modal>
  );
}

describe('ModalActions', () => {
  it('keeps the focus in the dialog while it saves, and gives it back to the button after', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Dialog />
      </MantineProvider>,
    );
    const button = await screen.findByRole('button', { name: 'Dodaj' });
    act(() => button.focus());
    expect(document.activeElement).toBe(button);
    act(() => setSaving(true));
    expect(button).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Dodawanie pliku' }));
    act(() => setSaving(false));
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Dialog />
      </MantineProvider>,
    );
    const cancel = await screen.findByRole('button', { name: 'Anuluj' });
    act(() => cancel.focus());
    act(() => setSaving(true));
    expect(document.activeElement).toBe(cancel);
    act(() => setSaving(false));
    expect(document.activeElement).toBe(cancel);
  });
});
