/**
 * The names of the buttons of an ordered list of operations (a category's service operations, the
 * installation protocol's): what a screen reader says, and what the focus is given back to.
 */
export const OPERATION_LIST_LABELS = {
  add: 'Dodaj czynność',
  moveUp: (text: string) => `Przesuń w górę: ${text}`,
  moveDown: (text: string) => `Przesuń w dół: ${text}`,
  edit: (text: string) => `Edytuj czynność: ${text}`,
  remove: (text: string) => `Usuń czynność: ${text}`,
};

/** The arrows to give the focus back to after a move: the same one, or the other at the list's end. */
export const arrowsAfterMove = (text: string, direction: 'up' | 'down') =>
  direction === 'down'
    ? [OPERATION_LIST_LABELS.moveDown(text), OPERATION_LIST_LABELS.moveUp(text)]
    : [OPERATION_LIST_LABELS.moveUp(text), OPERATION_LIST_LABELS.moveDown(text)];

/**
 * The buttons to give the focus to after the operation at `index` of `texts` is removed: the next
 * operation's "Usuń", else the one before's, else "Dodaj czynność" (the list is empty).
 */
export const buttonsAfterRemove = (texts: readonly string[], index: number) => [
  ...(index + 1 < texts.length ? [OPERATION_LIST_LABELS.remove(texts[index + 1])] : []),
  ...(index > 0 ? [OPERATION_LIST_LABELS.remove(texts[index - 1])] : []),
  OPERATION_LIST_LABELS.add,
];
