import { memo } from 'react';
import { Select } from '@mantine/core';

/** The props alike but for their functions, which a form makes anew on each render. */
export function sameButCallbacks(before: Record<string, unknown>, after: Record<string, unknown>): boolean {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  for (const key of keys) {
    const [a, b] = [before[key], after[key]];
    if (typeof a === 'function' && typeof b === 'function') continue;
    if (!Object.is(a, b)) return false;
  }
  return true;
}

/**
 * A Select drawn again only when something it shows changes (its value, options, error, label…), not
 * on every render of the form around it. Mantine keeps a Select's options mounted while it is closed,
 * so a form re-rendered on each key drew its 100 hidden customer options again: about 220 ms a key
 * on a tablet. Its callbacks must therefore do the same thing from render to render, as a form's
 * `getInputProps` and setters do: those of the render that last drew it are the ones called.
 */
export const QuietSelect = memo(Select, sameButCallbacks) as unknown as typeof Select;
