import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../../test/render-screen';
import { ServiceRowActions } from './service-row-actions';

const allowed = {
  edit: true,
  addFile: true,
  removeFile: true,
  sign: true,
  printForScan: true,
  reject: true,
  remove: true,
};

describe('ServiceRowActions', () => {
  it('gives the focus back to its button before a choice opens a dialog, so closing it returns there', async () => {
    let focusedAtChoice: Element | null = null;
    renderScreen(
      <ServiceRowActions
        label="zdarzenie 7/12/2026"
        allowed={allowed}
        onAction={() => {
          focusedAtChoice = document.activeElement;
        }}
      />,
    );
    const button = screen.getByRole('button', { name: 'Akcje: zdarzenie 7/12/2026' });
    button.focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Usuń' }));
    expect(focusedAtChoice).toBe(button);
  });
});
