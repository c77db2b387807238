import type { useDraftSync } from '../use-draft-sync';

/** What the editor's parts read and call of the protocol's autosave. */
export type DraftSync = ReturnType<typeof useDraftSync>;
