import { describe, expect, it } from 'vitest';
import { PLACES_MSG } from '../places-messages.js';
import { branchLink, branchSaveSchema, hotelSaveSchema, placeRequiredErrors } from './places.js';

describe('placeRequiredErrors', () => {
  it('asks for a name and a position chosen on the map, with the save schemas’ messages', () => {
    expect(placeRequiredErrors({ name: '  ', latitude: 0, longitude: 0 })).toEqual({
      name: PLACES_MSG.placeNameRequired,
      latitude: PLACES_MSG.placeLocationRequired,
    });
    expect(placeRequiredErrors({ name: 'Hotel Łódź', latitude: 51.7, longitude: 0 })).toEqual({
      name: null,
      latitude: null,
    });
    expect(placeRequiredErrors({ name: 'Hotel', latitude: null, longitude: 19.4 }).latitude).toBe(
      PLACES_MSG.placeLocationRequired,
    );
  });

  it('agrees with the save schemas on what they refuse', () => {
    const empty = { name: ' ', latitude: 0, longitude: 0 };
    for (const schema of [hotelSaveSchema, branchSaveSchema]) {
      const messages = schema.safeParse(empty).error!.issues.map((i) => i.message);
      expect(messages).toEqual(
        expect.arrayContaining([PLACES_MSG.placeNameRequired, PLACES_MSG.placeLocationRequired]),
      );
      expect(schema.safeParse({ name: 'Hotel', latitude: 51.7, longitude: 19.4 }).success).toBe(true);
    }
  });
});

describe('branchLink', () => {
  it('opens web addresses, with // before one without a scheme', () => {
    expect(branchLink(' firma.pl/katowice ')).toBe('//firma.pl/katowice');
    expect(branchLink('https://firma.pl')).toBe('https://firma.pl');
    expect(branchLink('HTTP://firma.pl')).toBe('HTTP://firma.pl');
    expect(branchLink('//firma.pl')).toBe('//firma.pl');
    expect(branchLink('')).toBe('');
  });

  it('gives no link for another scheme, so that the address is shown as text', () => {
    for (const www of [
      'javascript://%0aalert(1)',
      'data://text/html,<script>',
      'file:///etc/passwd',
      'ftp://x.pl',
    ])
      expect(branchLink(www)).toBe('');
  });
});
