import { MantineProvider, Modal } from '@mantine/core';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../app/theme';
import { ModalActions } from './modal-actions';

function dialog(saving: boolean) {
  return (
    <MantineProvider theme={theme} env="test">
      <Modal opened onClose={() => undefined} title="Dodawanie pliku" transitionProps={{ duration: 0 }}>
        <form onSubmit={(event) => event.preventDefault()}>
          <ModalActions onCancel={() => undefined} saving={saving} submitLabel="Dodaj" />
        </form>
      </Modal>
    </MantineProvider>
  );
}

describe('ModalActions', () => {
  it('keeps the focus in the dialog while it saves, and gives it back to the button after', async () => {
    const { rerender } = render(dialog(false));
    const button = await screen.findByRole('button', { name: 'Dodaj' });
    act(() => button.focus());
    expect(document.activeElement).toBe(button);
    rerender(dialog(true));
    expect(button).toBeDisabled();
    expect(document.activeElement).toBe(screen.getByRole('dialog', { name: 'Dodawanie pliku' }));
    rerender(dialog(false));
    expect(document.activeElement).toBe(button);
  });

  it('leaves the focus where the user put it meanwhile', async () => {
    const { rerender } = render(dialog(false));
    const cancel = await screen.findByRole('button', { name: 'Anuluj' });
    act(() => cancel.focus());
    rerender(dialog(true));
    expect(document.activeElement).toBe(cancel);
    rerender(dialog(false));
    expect(document.activeElement).toBe(cancel);
  });
});
