import { describe, expect, it } from 'vitest';
import { composeTexts } from './composed-texts.js';

describe('composeTexts', () => {
  it('composes every text, however deep, and leaves passwords and other values as they are', () => {
    const body = {
      name: 'Zak\u0142ad Cafe\u0301',
      list: ['o\u0301', { note: 'z\u0307' }],
      count: 3,
      none: null,
      newPassword: 'Cafe\u0301-1234',
      repeatedPasswords: ['Cafe\u0301-1234'],
    };
    expect(composeTexts(body)).toEqual({
      name: 'Zakład Café',
      list: ['ó', { note: 'ż' }],
      count: 3,
      none: null,
      newPassword: 'Cafe\u0301-1234',
      repeatedPasswords: ['Cafe\u0301-1234'],
    });
  });
});
