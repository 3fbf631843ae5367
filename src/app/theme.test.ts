/** The theme's spec constants and its WCAG 2.2 AA contrast (4.5:1 for text) in light and dark. */
import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { TOAST_MS } from '../shared/constants';
import { cssVariablesResolver, PLACEHOLDER, theme, TOOLTIP_DELAY_MS } from './theme';

const lum = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const ratio = (a: string, b: string) => {
  const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};
const color = (name: string, shade: number) => (theme.colors?.[name] ?? DEFAULT_THEME.colors[name])![shade];
const WHITE = '#ffffff';
const dark = DEFAULT_THEME.colors.dark;

describe('theme', () => {
  it('applies the spec constants: snackbars 6000 ms (spec 000 §9), tooltips after 300 ms (spec 001 §9)', () => {
    expect(TOAST_MS).toBe(6000);
    expect(TOOLTIP_DELAY_MS).toBe(300);
    expect(theme.components?.Tooltip?.defaultProps).toMatchObject({ openDelay: 300 });
  });

  it('light: primary text, white on filled buttons and dimmed text reach 4.5:1', () => {
    expect(theme.primaryShade).toEqual({ light: 8, dark: 8 });
    expect(ratio(color('orange', 8), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(color('orange', 9), color('orange', 1))).toBeGreaterThanOrEqual(4.5);
    expect(ratio(color('gray', 7), WHITE)).toBeGreaterThanOrEqual(4.5);
    // Visible placeholders (FileInput's "Escolher imagem"), on white and on a filled input.
    expect(ratio(PLACEHOLDER.light, WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(ratio(PLACEHOLDER.light, color('gray', 0))).toBeGreaterThanOrEqual(4.5);
    for (const c of ['red', 'green', 'blue', 'teal', 'violet', 'indigo', 'cyan', 'lime', 'yellow']) {
      expect(ratio(color(c, 8), WHITE), `${c} 8 on white`).toBeGreaterThanOrEqual(4.5);
      expect(ratio(color(c, 9), color(c, 1)), `${c} 9 on ${c} 1`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dark: white on the primary shade, dimmed and link text on dark surfaces reach 4.5:1', () => {
    expect(ratio(WHITE, color('orange', 8))).toBeGreaterThanOrEqual(4.5);
    for (const surface of [dark[7], dark[6]]) {
      expect(ratio(dark[1], surface)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(color('orange', 4), surface)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(dark[0], surface)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(PLACEHOLDER.dark, surface)).toBeGreaterThanOrEqual(4.5);
    }
    // Screens' `c="gray.7"` secondary text becomes the dimmed shade in the dark scheme.
    const vars = cssVariablesResolver(theme as never);
    expect(vars.dark['--mantine-color-gray-7']).toBe('var(--mantine-color-dark-1)');
    expect(vars.light['--mantine-color-placeholder']).toBe(PLACEHOLDER.light);
    expect(vars.dark['--mantine-color-placeholder']).toBe(PLACEHOLDER.dark);
    expect(vars.dark['--mantine-color-error']).toBe('var(--mantine-color-red-4)');
    expect(vars.dark['--mantine-color-success']).toBe('var(--mantine-color-teal-4)');
    for (const surface of [dark[7], dark[6]]) {
      expect(ratio(color('red', 4), surface)).toBeGreaterThanOrEqual(4.5);
      expect(ratio(color('teal', 4), surface)).toBeGreaterThanOrEqual(4.5);
    }
  });
});
