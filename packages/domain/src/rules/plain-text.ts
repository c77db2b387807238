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
 * - The marks that set the writing direction (U+200E, U+200F, U+061C, U+202A–U+202E, U+2066–U+2069)
 *   are not drawn either: "Tokarki" and a left-to-right mark were two names, and an override turned
 *   a file "fakt\u202efdp.exe" into "faktexe.pdf" on screen. The fillers and invisible operators that
 *   draw nothing (U+034F, U+115F, U+1160, U+180E, U+2061–U+2064, U+3164, U+FFA0) go too, and the
 *   blank Braille cell (U+2800) is a space.
 *
 * The joiner inside an emoji sequence (U+200D) and the non-joiner of some scripts (U+200C) stay:
 * they change how the text is drawn.
 */
const SPACE_LOOKALIKES = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u2800\u3000]/g;
const INVISIBLE =
  /\u034f|[\u00ad\u061c\u115f\u1160\u180e\u200b\u200e\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0]/g;

/** Combining marks past three in a row: no language stacks more, and 250 drew over the rows above. */
const STACKED_MARKS = /(\p{M}{3})\p{M}+/gu;

export const plainText = (text: string): string =>
  text.normalize('NFC').replace(SPACE_LOOKALIKES, ' ').replace(INVISIBLE, '').replace(STACKED_MARKS, '$1');
