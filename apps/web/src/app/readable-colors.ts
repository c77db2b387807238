import { darken, getPrimaryShade, type CSSVariablesResolver, type MantineTheme } from '@mantine/core';
import { contrastRatio, TEXT_CONTRAST_AA } from '@serwis/domain';

/**
 * Text colours that read on their backgrounds (WCAG AA, 4.5:1). Mantine's light scheme writes
 * coloured text in the filled shade (`c="red"`, links), the grey of `c="dimmed"` in shade 6 and a
 * light badge's text in shade 9 on shade 1: for grey, green, orange, yellow and the default blue
 * that is 2–3.8:1. Each colour here is the theme's own, darkened only as far as it has to be.
 */

/** A little over AA, so that the browser's rounding of a colour never takes it under. */
const TARGET = TEXT_CONTRAST_AA + 0.1;
const STEP = 0.02;

/** `color`, darkened in small steps until it reads on every one of `backgrounds`. */
export function readableOn(color: string, backgrounds: readonly string[]): string {
  for (let amount = 0; amount < 1; amount += STEP) {
    const candidate = amount === 0 ? color : darken(color, amount);
    if (backgrounds.every((background) => contrastRatio(candidate, background) >= TARGET)) return candidate;
  }
  return '#000000';
}

/** Where plain coloured text sits: the page, a striped or hovered table row, a grey panel. */
const pageBackgrounds = (theme: MantineTheme) => [theme.white, theme.colors.gray[0]!, theme.colors.gray[1]!];

/**
 * The light scheme's text colours, made readable: each palette colour's text (`c="red"`, a subtle or
 * outline button), its light variant's text (a light badge or button, on shade 1 and on its hover,
 * shade 2), the dimmed grey, the fields' placeholders, and links and error messages.
 */
export const readableColorsResolver: CSSVariablesResolver = (theme) => {
  const light: Record<string, string> = {};
  const filled = getPrimaryShade(theme, 'light');
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue; // the dark scheme's greys, not a text colour of the light one
    const text = readableOn(shades[filled]!, pageBackgrounds(theme));
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readableOn(shades[9]!, [shades[1]!, shades[2]!]);
  }
  light['--mantine-color-dimmed'] = readableOn(theme.colors.gray[6]!, pageBackgrounds(theme));
  // A field's hint ("Wybierz plik", "Wpisz szukaną frazę…") is text to read too, on the field's white.
  light['--mantine-color-placeholder'] = readableOn(theme.colors.gray[5]!, [theme.white]);
  light['--mantine-color-anchor'] = `var(--mantine-color-${theme.primaryColor}-text)`;
  light['--mantine-color-error'] = 'var(--mantine-color-red-text)';
  return { variables: {}, light, dark: {} };
};
