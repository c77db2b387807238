import { describe, expect, it } from 'vitest';
import { TODO_DESCRIPTION_TRUNCATE, truncateTodoDescription } from './todos.js';

describe('truncateTodoDescription (spec §9)', () => {
  it('keeps a description of up to 300 characters whole', () => {
    expect(truncateTodoDescription('')).toBe('');
    const exact = 'a'.repeat(TODO_DESCRIPTION_TRUNCATE);
    expect(truncateTodoDescription(exact)).toBe(exact);
  });

  it('shows a longer one as its first 299 characters and an ellipsis', () => {
    const long = `${'b'.repeat(299)}XYZ`;
    const shown = truncateTodoDescription(long);
    expect(shown).toBe(`${'b'.repeat(299)}…`);
    expect(shown).toHaveLength(300);
    expect(truncateTodoDescription('c'.repeat(301))).toBe(`${'c'.repeat(299)}…`);
  });
});
