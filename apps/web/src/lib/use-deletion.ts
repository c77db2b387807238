import { useState } from 'react';
import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';

/**
 * The deletion of the record a screen shows. `deleting` is set as it is confirmed, before the
 * answer and the refresh after every write can come, so the screen's query of that record stops
 * (`enabled: !deleting`) and is not asked for again while the screen leaves (two 404s in the
 * console, each time). A refused deletion lets it be asked for again.
 */
export function useDeletion<TId>(remove: UseMutationResult<unknown, unknown, TId>) {
  const [deleting, setDeleting] = useState(false);
  const run = (id: TId, options: MutateOptions<unknown, unknown, TId> = {}) => {
    setDeleting(true);
    remove.mutate(id, {
      ...options,
      onError: (...args) => {
        setDeleting(false);
        options.onError?.(...args);
      },
    });
  };
  return { deleting, run };
}
