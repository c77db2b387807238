import { describe, expect, it } from 'vitest';
import { walkMayPay, walkPays } from './trigram-signature.js';

/** The rule that picks a signature walk or the list's own query (costs of the events' walk). */
describe('walkPays', () => {
  const costs = { entry: 0.08, candidate: 2.5, match: 2 };
  const deep = { limit: 16, offset: 14_985 };

  it('walks to the 1,000th page of a broad term', () => {
    // "wyciek": 108,000 of 3,860,000 own events; the sample finds about as many candidates.
    expect(walkPays(deep, { total: 3_860_000, estimatedMatches: 108_000, candidateShare: 0.03 }, costs)).toBe(
      true,
    );
  });

  it('believes the sample over the planner when the sample finds few candidates or none', () => {
    // The planner takes "000123" for 38,000 of 750,000 machines; the sample finds 3 in 2,000.
    expect(walkPays(deep, { total: 750_000, estimatedMatches: 38_000, candidateShare: 0.0015 }, costs)).toBe(
      false,
    );
    expect(walkPays(deep, { total: 3_860_000, estimatedMatches: 40_000, candidateShare: 0 }, costs)).toBe(
      false,
    );
  });

  it('counts the candidates the bits leave, not only the matches', () => {
    // As many matches, but half the events pass the bits: each is read for nothing.
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

describe('walkMayPay', () => {
  const costs = { entry: 0.08, candidate: 2.5, match: 2 };

  it('rules a walk out before any lookup when fewer match than its page needs read', () => {
    // "Szymański" at 10,000 machines: 1,500 events, the 1,000th page starts at the 14,985th.
    expect(walkMayPay({ limit: 16, offset: 14_985 }, { total: 43_000, estimatedMatches: 1_500 }, costs)).toBe(
      false,
    );
    expect(
      walkMayPay({ limit: 16, offset: 14_985 }, { total: 3_860_000, estimatedMatches: 108_000 }, costs),
    ).toBe(true);
    // "wyciek" of the third-party machines: 38,000 of 1,360,000, half a million entries to walk.
    expect(
      walkMayPay({ limit: 16, offset: 14_985 }, { total: 1_360_000, estimatedMatches: 38_000 }, costs),
    ).toBe(false);
  });
});
