import { getDefaultZIndex } from '@mantine/core';

/**
 * The layers of the dialogs that must stand over others (Mantine puts every modal at one level, and
 * the one drawn later covers the rest). All stay below the lists a select opens (the popover level).
 */
export const MODAL_LEVELS = {
  /** The login after an ended session: over any dialog of the screen (a new event, a note). */
  sessionEnded: getDefaultZIndex('modal') + 10,
  /** "Odrzucić zmiany?": over the dialog that asks it, the session's login included. */
  question: getDefaultZIndex('modal') + 20,
};
