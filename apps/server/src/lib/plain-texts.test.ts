import { describe, expect, it } from 'vitest';
import { plainTexts } from './plain-texts.js';

describe('plainTexts', () => {
  it('makes every text plain, however deep, and leaves passwords and other values as they are', () => {
    const body = {
      name: 'Zak\u0142ad Cafe\u0301',
      list: ['o\u0301', { note: 'z\u0307' }, 'ul.\u00a0Łąkowa\u00a07', 'ZW\u200b-1'],
      count: 3,
      none: null,
      newPassword: 'Cafe\u0301\u00a0-1234',
      repeatedPasswords: ['Cafe\u0301-1234'],
    };
    expect(plainTexts(body)).toEqual({
      name: 'Zakład Café',
      list: ['ó', { note: 'ż' }, 'ul. Łąkowa 7', 'ZW-1'],
      count: 3,
      none: null,
      newPassword: 'Cafe\u0301\u00a0-1234',
      repeatedPasswords: ['Cafe\u0301-1234'],
    });
  });
});
