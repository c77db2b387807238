import { describe, expect, it } from 'vitest';
import { walkPays } from './trigram-signature.js';

/** The rule that picks a signature walk or the list's own query (costs of the events' walk). */
describe('walkPays', () => {
  const costs = { entry: 0.08, candidate: 2.5, match: 2 };
  const deep = { limit: 16, offset: 14_985 };

  it('walks a broad term even where the probe’s first entries hold few of its matches', () => {
    // "wyciek": 108,000 of 3,860,000 own events, but only 10 among the newest 2,000.
    expect(
      walkPays(deep, { total: 3_860_000, estimatedMatches: 108_000, candidateShare: 0.005 }, costs),
    ).toBe(true);
  });

  it('takes at most one match in 2,000 when the probe saw no candidate', () => {
    // The planner takes a rare term for 40,000 events; the walk would pass all 3,860,000.
    expect(walkPays(deep, { total: 3_860_000, estimatedMatches: 40_000, candidateShare: 0 }, costs)).toBe(
      false,
    );
  });

  it('counts the candidates the bits leave, not only the matches', () => {
    // As many matches, but half the entries pass the bits: each is read for nothing.
    expect(walkPays(deep, { total: 3_860_000, estimatedMatches: 108_000, candidateShare: 0.5 }, costs)).toBe(
      false,
    );
  });

  it('sorts a few matches and never walks an empty list', () => {
    expect(walkPays(deep, { total: 3_860_000, estimatedMatches: 3_000, candidateShare: 0.001 }, costs)).toBe(
      false,
    );
    expect(walkPays(deep, { total: 0, estimatedMatches: 0, candidateShare: 0 }, costs)).toBe(false);
  });
});
