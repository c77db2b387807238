import { describe, expect, it } from 'vitest';
import { firstEmailAddress, isEmailAddress } from './email-address.js';

describe('e-mail addresses', () => {
  it('takes the first address of a field holding two, or one inside a note', () => {
    expect(firstEmailAddress('jan@dwa-adresy.pl, prezes@konkurencja.pl')).toBe('jan@dwa-adresy.pl');
    expect(firstEmailAddress('biuro: Jan Nowak <jan@firma.pl>; wieczorem tel.')).toBe('jan@firma.pl');
    expect(firstEmailAddress('brak – dzwonić do p. Zenka')).toBeNull();
    expect(firstEmailAddress('')).toBeNull();
  });

  it('leaves out the brackets, quotes and full stop around an address', () => {
    expect(firstEmailAddress('ZPH Jankowski (biuro19@jankowski.pl)')).toBe('biuro19@jankowski.pl');
    expect(firstEmailAddress('e-mail: serwis69@dabrowski.pl.')).toBe('serwis69@dabrowski.pl');
    expect(firstEmailAddress('"anna.nowak@firma.com.pl"')).toBe('anna.nowak@firma.com.pl');
    expect(firstEmailAddress('[kadry@firma.pl]; {x}')).toBe('kadry@firma.pl');
    expect(firstEmailAddress("'jan@firma.pl'")).toBe('jan@firma.pl');
    expect(firstEmailAddress("o'brien@firma.ie")).toBe("o'brien@firma.ie");
  });

  it('knows one address from a list or a note', () => {
    expect(isEmailAddress(' klient@zazolc.pl ')).toBe(true);
    expect(isEmailAddress('jan@a.pl, b@c.pl')).toBe(false);
    expect(isEmailAddress('zły adres')).toBe(false);
  });
});
