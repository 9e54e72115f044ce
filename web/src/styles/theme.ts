import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** The brand colour: a warm racing red, from light tint (0) to deep shade (9). */
const ruedas: MantineColorsTuple = ['#fff0ec', '#ffdfd6', '#fbbdab', '#f7987d', '#f47855', '#f2643b', '#f1592d', '#d64820', '#bf3e1a', '#a73211'];

/**
 * Mantine's greens with the two darkest shades darker still, so that white on a filled green button
 * (WhatsApp, shade 8) and green text on a light green one reach 4.5:1 (Mantine's #2f9e44: 3.44:1).
 */
const green: MantineColorsTuple = [...DEFAULT_THEME.colors.green.slice(0, 8), '#237a36', '#1e6e31'] as unknown as MantineColorsTuple;

/**
 * The gold of the gold level (the ribbon's #f6d365 to #e0a800), with deep browns at 8 and 9 so that
 * `color="gold" variant="light"` (the seller's message, the gold perks) reads 7:1, where Mantine's
 * light yellow read 2.68:1.
 */
const gold: MantineColorsTuple = ['#fff9e6', '#fff0c2', '#fde59a', '#f9d96e', '#f6d365', '#ebc03f', '#e0a800', '#9a6b00', '#6b4a00', '#3b2a00'];

const fontFamily = "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', system-ui, sans-serif";

export const theme = createTheme({
  primaryColor: 'ruedas',
  primaryShade: { light: 8, dark: 6 },
  colors: { ruedas, green, gold },
  fontFamily,
  headings: { fontFamily, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'sm' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});

/** The names of the theme's colours (Mantine's and the app's), as `c="teal.7"` or `color="gold"` take them. */
export const THEME_COLOUR_NAMES: ReadonlySet<string> = new Set([...Object.keys(DEFAULT_THEME.colors), ...Object.keys(theme.colors ?? {})]);

/**
 * Dimmed text (secondary lines, hints, counts) in gray 7 instead of Mantine's gray 6, which reads
 * 3.32:1 on white and 3.15:1 on the page's gray; gray 7 is 8.2:1. Written into the build's stylesheet (scripts/mantineVariables.ts).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)' },
  dark: {},
});
