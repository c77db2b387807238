import { describe, expect, it } from 'vitest';
import { buttonsAfterRemove } from './operation-list-labels';

describe('buttonsAfterRemove', () => {
  const texts = ['Smarowanie', 'Kontrola napięcia', 'Czyszczenie'];

  it("names the next operation's 'Usuń' first, then the one before's, then 'Dodaj czynność'", () => {
    expect(buttonsAfterRemove(texts, 1)).toEqual([
      'Usuń czynność: Czyszczenie',
      'Usuń czynność: Smarowanie',
      'Dodaj czynność',
    ]);
    expect(buttonsAfterRemove(texts, 0)).toEqual(['Usuń czynność: Kontrola napięcia', 'Dodaj czynność']);
    expect(buttonsAfterRemove(texts, 2)).toEqual(['Usuń czynność: Kontrola napięcia', 'Dodaj czynność']);
    expect(buttonsAfterRemove(['Smarowanie'], 0)).toEqual(['Dodaj czynność']);
  });
});
