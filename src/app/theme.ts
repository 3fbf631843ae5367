import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/**
 * Orange with its dark end deepened so text and white-on-orange pass WCAG 2.2 AA (4.5:1):
 * shade 8 (buttons, links, text) is 5.97:1 on white and 5.02:1 on shade 1 (light variant background),
 * shade 9 (light-variant text, hover) 6.76:1 on shade 1. Shades 0-6 are Mantine's own.
 */
const orange: MantineColorsTuple = ['#fff4e6', '#ffe8cc', '#ffd8a8', '#ffc078', '#ffa94d', '#ff922b', '#fd7e14', '#d9480f', '#b03d0b', '#8f310a'];

/**
 * Mantine's other palettes with shades 8 and 9 darkened just enough (generated once from Mantine
 * 9.7.3's defaults): shade 8 (filled buttons and badges with white text, outline text) >= 4.6:1 on
 * white, shade 9 (light-variant text) >= 4.6:1 on shade 1 and 4.5:1 on shade 2 (hover).
 */
const deepened: Record<string, MantineColorsTuple> = {
  // Red 8 a step deeper still: outline buttons sit on tinted cards (the board's), not only on white.
  red: ['#fff5f5', '#ffe3e3', '#ffc9c9', '#ffa8a8', '#ff8787', '#ff6b6b', '#fa5252', '#f03e3e', '#c92a2a', '#a51d1d'],
  violet: ['#f3f0ff', '#e5dbff', '#d0bfff', '#b197fc', '#9775fa', '#845ef7', '#7950f2', '#7048e8', '#6741d9', '#5939b8'],
  indigo: ['#edf2ff', '#dbe4ff', '#bac8ff', '#91a7ff', '#748ffc', '#5c7cfa', '#4c6ef5', '#4263eb', '#3b5bdb', '#334abb'],
  blue: ['#e7f5ff', '#d0ebff', '#a5d8ff', '#74c0fc', '#4dabf7', '#339af0', '#228be6', '#1c7ed6', '#1971c2', '#165c9d'],
  cyan: ['#e3fafc', '#c5f6fa', '#99e9f2', '#66d9e8', '#3bc9db', '#22b8cf', '#15aabf', '#1098ad', '#0b7d90', '#0a697a'],
  teal: ['#e6fcf5', '#c3fae8', '#96f2d7', '#63e6be', '#38d9a9', '#20c997', '#12b886', '#0ca678', '#08835e', '#077252'],
  green: ['#ebfbee', '#d3f9d8', '#b2f2bb', '#8ce99a', '#69db7c', '#51cf66', '#40c057', '#37b24d', '#278238', '#247434'],
  lime: ['#f4fce3', '#e9fac8', '#d8f5a2', '#c0eb75', '#a9e34b', '#94d82d', '#82c91e', '#74b816', '#4e800b', '#48730a'],
  yellow: ['#fff9db', '#fff3bf', '#ffec99', '#ffe066', '#ffd43b', '#fcc419', '#fab005', '#f59f00', '#a86200', '#9c5100'],
};

/** Milliseconds before a tooltip opens (spec 001 §9: tooltip timeout 300 ms). */
export const TOOLTIP_DELAY_MS = 300;

export const theme = createTheme({
  colors: { ...deepened, orange },
  primaryColor: 'orange',
  // The same deep shade in both schemes: white text on it stays legible on the dark kitchen board.
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  // Dialogs, drawers and menus open without their fade for people who ask the system for less motion.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // Touch targets fit for a kitchen tablet or a phone.
    Button: { defaultProps: { size: 'md' } },
    // Mantine's close buttons have no text: every dialog's one is named.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Fechar' } } },
    Tooltip: { defaultProps: { openDelay: TOOLTIP_DELAY_MS, events: { hover: true, focus: true, touch: true } } },
  },
});

/** Placeholders (visible text in FileInput and selects): Mantine's gray 6 is 3.32:1 on white. */
export const PLACEHOLDER = { light: '#6b7178', dark: '#999999' } as const;

/**
 * Secondary ("dimmed") text: Mantine's gray 6 is 3.32:1 on white; gray 7 is 7.5:1. Links use the
 * deep orange. In the dark scheme dark-1 keeps dimmed text above 4.5:1 on dark cards.
 * Screens also write secondary text as `c="gray.7"` (1.9:1 on the dark body): in the dark scheme
 * gray 7 is the dimmed shade. Mantine itself uses gray 7 only in light-scheme rules.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-anchor': 'var(--mantine-color-orange-8)',
    '--mantine-color-placeholder': PLACEHOLDER.light,
    // Errors under fields: red 6 is 3.3:1 on white.
    '--mantine-color-error': 'var(--mantine-color-red-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-anchor': 'var(--mantine-color-orange-4)',
    '--mantine-color-placeholder': PLACEHOLDER.dark,
    // Field errors and success text: Mantine's red 8 / teal 8 are under 3:1 on the dark body.
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-success': 'var(--mantine-color-teal-4)',
    '--mantine-color-gray-7': 'var(--mantine-color-dark-1)',
  },
});
