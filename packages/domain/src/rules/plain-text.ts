/**
 * Text as it is stored and searched: composed (Unicode NFC), with the spaces that only look like a
 * space made plain and the invisible characters left out.
 *
 * - "é" pasted from a Mac or a PDF as "e" and a combining accent looked like an existing name but
 *   was not found by a search nor refused as the same name.
 * - A non-breaking space (from Word, a web page, an e-mail signature: "ul.\u00a0Łąkowa\u00a07") is
 *   drawn as a space, but a search typed with a space did not find the record.
 * - A zero-width space or a word joiner is not drawn at all: a name of three of them was taken as
 *   a name and shown blank everywhere, and "ZW\u200b-1" was not found by "ZW-1".
 *
 * The joiner inside an emoji sequence (U+200D) and the non-joiner of some scripts (U+200C) stay:
 * they change how the text is drawn.
 */
const SPACE_LOOKALIKES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
const INVISIBLE = /[\u00ad\u200b\u2060\ufeff]/g;

export const plainText = (text: string): string =>
  text.normalize('NFC').replace(SPACE_LOOKALIKES, ' ').replace(INVISIBLE, '');
