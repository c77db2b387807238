import { describe, expect, it } from 'vitest';
import { getPrimaryShade, isLightColor, mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, TEXT_CONTRAST_AA } from '@serwis/domain';
import { readableColorsResolver, readableOn } from './readable-colors';
import { theme as ours } from './theme';

const theme = mergeMantineTheme(DEFAULT_THEME, ours);
const { light } = readableColorsResolver(theme);
const colours = Object.keys(theme.colors).filter((name) => name !== 'dark');
const pages = [theme.white, theme.colors.gray[0]!, theme.colors.gray[1]!];

describe('readableOn', () => {
  it('keeps a colour that already reads, and darkens one that does not until it does', () => {
    expect(readableOn('#212529', ['#ffffff'])).toBe('#212529');
    const dimmed = readableOn('#868e96', ['#ffffff']);
    expect(contrastRatio('#868e96', '#ffffff')).toBeLessThan(TEXT_CONTRAST_AA);
    expect(contrastRatio(dimmed, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    // Only as far as it has to: one step lighter would not read.
    expect(contrastRatio(dimmed, '#ffffff')).toBeLessThan(TEXT_CONTRAST_AA + 0.5);
  });
});

describe('the light scheme’s text colours', () => {
  it.each(colours)('%s text reads on the page, a striped row and a grey panel', (name) => {
    for (const background of pages) {
      expect(contrastRatio(light[`--mantine-color-${name}-text`]!, background)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST_AA,
      );
    }
  });

  it.each(colours)('%s light badge text reads on its background and its hover', (name) => {
    for (const shade of [1, 2]) {
      expect(
        contrastRatio(light[`--mantine-color-${name}-light-color`]!, theme.colors[name]![shade]!),
      ).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
    }
  });

  it('gives the dimmed grey, placeholders, links and errors readable colours', () => {
    for (const background of pages) {
      expect(contrastRatio(light['--mantine-color-dimmed']!, background)).toBeGreaterThanOrEqual(
        TEXT_CONTRAST_AA,
      );
    }
    expect(contrastRatio(light['--mantine-color-placeholder']!, theme.white)).toBeGreaterThanOrEqual(
      TEXT_CONTRAST_AA,
    );
    expect(light['--mantine-color-anchor']).toBe('var(--mantine-color-blue-text)');
    expect(light['--mantine-color-error']).toBe('var(--mantine-color-red-text)');
  });
});

describe('filled buttons and badges', () => {
  it.each(colours)('%s takes white or black text, whichever reads', (name) => {
    const background = theme.colors[name]![getPrimaryShade(theme, 'light')]!;
    // As Mantine picks it: black on a light colour only when the theme asks for auto contrast.
    const text =
      theme.autoContrast && isLightColor(background, theme.luminanceThreshold) ? theme.black : theme.white;
    expect(contrastRatio(text, background)).toBeGreaterThanOrEqual(TEXT_CONTRAST_AA);
  });
});
