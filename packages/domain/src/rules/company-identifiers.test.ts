import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import {
  emailFieldHoldsNoAddress,
  identifierWarnings,
  polishNipDigits,
  nipLooksWrong,
  postcodeLooksWrong,
  regonLooksWrong,
} from './company-identifiers.js';

describe('NIP', () => {
  it('takes a number whose check digit holds, however it is written', () => {
    // 5260250995: 5·6+2·5+6·7+0·2+2·3+5·4+0·5+9·6+9·7 = 225, 225 mod 11 = 5.
    for (const nip of [
      '5260250995',
      '526-025-09-95',
      '526 025 09 95',
      'PL5260250995',
      'pl 526-025-09-95',
      'NIP: 526-025-09-95',
    ]) {
      expect(nipLooksWrong(nip), nip).toBe(false);
    }
  });

  it('warns of a wrong check digit, a wrong length, letters, and a sum whose remainder is 10', () => {
    expect(nipLooksWrong('5260250994')).toBe(true);
    expect(nipLooksWrong('526025099')).toBe(true);
    expect(nipLooksWrong('52602509951')).toBe(true);
    expect(nipLooksWrong('52602509x5')).toBe(true);
    expect(nipLooksWrong('NIP 1234567890')).toBe(true);
    // 000000003…: 3·7 = 21, 21 mod 11 = 10: no check digit can stand for it.
    for (let last = 0; last <= 9; last++) expect(nipLooksWrong(`000000003${last}`)).toBe(true);
  });

  it('judges neither an empty field nor another country’s VAT number', () => {
    expect(nipLooksWrong('')).toBe(false);
    expect(nipLooksWrong('   ')).toBe(false);
    expect(nipLooksWrong('DE811907980')).toBe(false);
    expect(nipLooksWrong('CZ 12345678')).toBe(false);
  });
});

describe('REGON', () => {
  it('takes nine and fourteen digits whose check digit holds', () => {
    // 123456785: 8+18+6+12+20+30+42+56 = 192, 192 mod 11 = 5.
    expect(regonLooksWrong('123456785')).toBe(false);
    expect(regonLooksWrong('123-456-785')).toBe(false);
    // 12345678512347: 2+8+24+20+0+54+49+24+30+1+4+12+32 = 260, 260 mod 11 = 7.
    expect(regonLooksWrong('12345678512347')).toBe(false);
  });

  it('counts a remainder of 10 as the check digit 0', () => {
    // 000000030: 3·7 = 21, 21 mod 11 = 10, written 0.
    expect(regonLooksWrong('000000030')).toBe(false);
  });

  it('warns of a wrong check digit and of any other length', () => {
    expect(regonLooksWrong('123456784')).toBe(true);
    expect(regonLooksWrong('12345678512340')).toBe(true);
    expect(regonLooksWrong('12345678')).toBe(true);
    expect(regonLooksWrong('1234567851')).toBe(true);
    expect(regonLooksWrong('')).toBe(false);
  });
});

describe('postcode', () => {
  it('wants 00-000 for an address in Poland, and judges no other', () => {
    expect(postcodeLooksWrong('90-006', true)).toBe(false);
    expect(postcodeLooksWrong(' 90-006 ', true)).toBe(false);
    expect(postcodeLooksWrong('90006', true)).toBe(true);
    expect(postcodeLooksWrong('9-006', true)).toBe(true);
    expect(postcodeLooksWrong('10115', false)).toBe(false);
    expect(postcodeLooksWrong('', true)).toBe(false);
  });
});

describe('a customer’s e-mail field', () => {
  it('warns only when it holds text and no address', () => {
    expect(emailFieldHoldsNoAddress('biuro@stal.pl; serwis@stal.pl')).toBe(false);
    expect(emailFieldHoldsNoAddress('Jan Kowalski <jan@stal.pl>')).toBe(false);
    expect(emailFieldHoldsNoAddress('')).toBe(false);
    expect(emailFieldHoldsNoAddress('brak, dzwonić')).toBe(true);
    expect(emailFieldHoldsNoAddress('biuro@stal')).toBe(true);
  });
});

describe('the warnings of a record’s numbers (identifierWarnings)', () => {
  it('names each field that looks wrong with its message, and no other', () => {
    expect(identifierWarnings({ nip: '5260250994', regon: '123456785', zipCode: '90006' }, true)).toEqual({
      nip: MSG.nipWarning,
      regon: null,
      zipCode: MSG.postcodeWarning,
    });
    expect(identifierWarnings({ nip: '', regon: '12345678', zipCode: '90006' }, true)).toEqual({
      nip: null,
      regon: MSG.regonWarning,
      zipCode: MSG.postcodeWarning,
    });
  });

  it('judges the numbers of an address that may be abroad only when written as Polish ones', () => {
    // A Hungarian tax number, a Czech IČO, a Ukrainian company code, a German register entry.
    for (const [nip, regon] of [
      ['12345678-2-08', '26789012'],
      ['12345678', 'HRB 12345 B'],
    ]) {
      expect(identifierWarnings({ nip: nip!, regon: regon!, zipCode: '10115' }, false)).toEqual({
        nip: null,
        regon: null,
        zipCode: null,
      });
    }
    // Ten digits, "PL", nine or fourteen digits: a Polish number, a slip in it told wherever it is.
    expect(identifierWarnings({ nip: '5260250994', regon: '123456784', zipCode: '' }, false)).toEqual({
      nip: MSG.nipWarning,
      regon: MSG.regonWarning,
      zipCode: null,
    });
    expect(identifierWarnings({ nip: 'PL 526', regon: '12345678512340', zipCode: '' }, false)).toEqual({
      nip: MSG.nipWarning,
      regon: MSG.regonWarning,
      zipCode: null,
    });
  });
});

describe('one company’s NIP however written (polishNipDigits)', () => {
  it('gives the ten digits of a Polish NIP with any separators, "PL" or "NIP:", else null', () => {
    for (const text of [
      '5260250995',
      '526-025-09-95',
      'PL 526 025 09 95',
      'pl5260250995',
      'NIP: 526.025.09.95',
    ]) {
      expect(polishNipDigits(text)).toBe('5260250995');
    }
    for (const text of ['', '526025099', 'DE5260250995', '52602509951', 'brak']) {
      expect(polishNipDigits(text)).toBeNull();
    }
  });

  it('names the other customers with it in the number’s grammar', () => {
    expect(MSG.nipHeldBy(['Metalex'])).toBe(
      'Ten NIP ma już kontrahent „Metalex”. Sprawdź, czy to nie ten sam kontrahent. Zapisze się i tak.',
    );
    expect(MSG.nipHeldBy(['Metalex', 'Metalex 2'])).toBe(
      'Ten NIP mają już kontrahenci „Metalex”, „Metalex 2”. Sprawdź, czy to nie ten sam kontrahent. Zapisze się i tak.',
    );
    expect(MSG.nipHeldBy(['A', 'B', 'C'], 4)).toContain('mają już kontrahenci „A”, „B”, „C” i jeszcze 4.');
  });
});
