/**
 * Contrast of text against its background, as WCAG 2.1 measures it (success criterion 1.4.3): the
 * relative luminance of each colour, and their ratio from 1 (the same) to 21 (black on white).
 */

/** The least contrast of normal-size text with its background (WCAG 2.1 AA). */
export const TEXT_CONTRAST_AA = 4.5;

const RGB =
  /^rgba?\(\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*(?:,\s*1(?:\.0*)?\s*)?\)$/i;

/** `#rrggbb`, `#rgb` or an opaque `rgb(r, g, b)` as its three channels, 0–255. */
function channels(color: string): [number, number, number] {
  const rgb = RGB.exec(color.trim());
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  const digits = color.replace('#', '');
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join('') : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`Not an opaque colour: ${color}`);
  return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

/** How bright a colour is to the eye, from 0 (black) to 1 (white). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = channels(color).map((value) => {
    const c = value / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The contrast ratio of two colours, whichever is lighter: 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}
