import { describe, expect, it } from 'vitest';
import { firstEmailAddress, isEmailAddress } from './email-address.js';

describe('e-mail addresses', () => {
  it('takes the first address of a field holding two, or one inside a note', () => {
    expect(firstEmailAddress('jan@dwa-adresy.pl, prezes@konkurencja.pl')).toBe('jan@dwa-adresy.pl');
    expect(firstEmailAddress('biuro: Jan Nowak <jan@firma.pl>; wieczorem tel.')).toBe('jan@firma.pl');
    expect(firstEmailAddress('brak – dzwonić do p. Zenka')).toBeNull();
    expect(firstEmailAddress('')).toBeNull();
  });

  it('knows one address from a list or a note', () => {
    expect(isEmailAddress(' klient@zazolc.pl ')).toBe(true);
    expect(isEmailAddress('jan@a.pl, b@c.pl')).toBe(false);
    expect(isEmailAddress('zły adres')).toBe(false);
  });
});
