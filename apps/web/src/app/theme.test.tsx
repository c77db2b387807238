import { Alert, Drawer, MantineProvider, Modal, PasswordInput } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
      </MantineProvider>,
    );
    expect(await screen.findByRole('button', { name: 'Zamknij okno' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zamknij menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zamknij komunikat' })).toBeInTheDocument();
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
});
