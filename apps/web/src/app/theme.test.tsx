import { Alert, Drawer, FileInput, MantineProvider, Modal, Notification, PasswordInput } from '@mantine/core';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('names the icon-only close buttons of windows, the menu drawer and messages in Polish', async () => {
    render(
      <MantineProvider theme={theme} env="test">
        <Modal opened onClose={() => {}} title="Okno">
          treść
        </Modal>
        <Drawer opened onClose={() => {}} title="Menu">
          pozycje
        </Drawer>
        <Alert withCloseButton onClose={() => {}}>
          komunikat
        </Alert>
        <Notification onClose={() => {}}>Zapisano</Notification>
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Zamknij okno' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zamknij menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zamknij komunikat' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zamknij powiadomienie' })).toBeInTheDocument();
  });

  it('names the × that empties a file field in Polish', () => {
    render(
      <MantineProvider theme={theme} env="test">
        <FileInput label="Plik" clearable value={new File(['x'], 'a.pdf')} onChange={() => {}} />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Usuń wybrany plik' })).toBeInTheDocument();
  });

  it("names a password field's show-and-hide button in Polish", () => {
    render(
      <MantineProvider theme={theme} env="test">
        <PasswordInput label="Hasło" />
      </MantineProvider>,
    );
    expect(screen.getByRole('button', { name: 'Pokaż lub ukryj hasło' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password/i })).toBeNull();
  });

  it('closes a window by its ✕ or Escape, not by a click beside it', async () => {
    const closeBeside = (closeOnClickOutside?: boolean) => {
      const onClose = vi.fn();
      const view = render(
        <MantineProvider theme={theme} env="test">
          <Modal
            opened
            onClose={onClose}
            title="Nowe zdarzenie serwisowe"
            closeOnClickOutside={closeOnClickOutside}
          >
            formularz
          </Modal>
        </MantineProvider>,
      );
      for (const beside of document.querySelectorAll('.mantine-Modal-overlay, .mantine-Modal-inner')) {
        fireEvent.mouseDown(beside);
        fireEvent.mouseUp(beside);
        fireEvent.click(beside);
      }
      const calls = onClose.mock.calls.length;
      fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
      const afterEscape = onClose.mock.calls.length;
      view.unmount();
      return { calls, afterEscape };
    };
    expect(closeBeside()).toEqual({ calls: 0, afterEscape: 1 });
    // The same clicks close a window that asks for it: they are clicks beside it.
    expect(closeBeside(true).calls).toBeGreaterThan(0);
  });
});
