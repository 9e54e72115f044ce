import { createTheme, type MantineColorsTuple } from '@mantine/core';

/** The brand colour: a warm racing red, from light tint (0) to deep shade (9). */
const ruedas: MantineColorsTuple = [
  '#fff0ec',
  '#ffdfd6',
  '#fbbdab',
  '#f7987d',
  '#f47855',
  '#f2643b',
  '#f1592d',
  '#d64820',
  '#bf3e1a',
  '#a73211',
];

const fontFamily =
  "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', 'Liberation Sans', system-ui, sans-serif";

export const theme = createTheme({
  primaryColor: 'ruedas',
  primaryShade: { light: 8, dark: 6 },
  colors: { ruedas },
  fontFamily,
  headings: { fontFamily, fontWeight: '800' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Card: { defaultProps: { radius: 'lg', withBorder: true, shadow: 'sm' } },
    Button: { defaultProps: { radius: 'md' } },
  },
});
