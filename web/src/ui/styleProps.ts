import type { CSSProperties } from 'react';
import { THEME_COLOUR_NAMES } from '../styles/theme';
import classes from './responsive.module.css';

/** Mantine's style props the public pages use (m*, p*, sizes, text), resolved as Mantine's Box resolves them. */
export interface StyleProps {
  m?: Spacing;
  mt?: Spacing;
  mb?: Spacing;
  ml?: Spacing;
  mr?: Spacing;
  mx?: Spacing;
  my?: Spacing;
  p?: Spacing;
  pt?: Spacing;
  pb?: Spacing;
  px?: Spacing;
  /** Also per breakpoint: `{ base, sm }` (sm from 48em). */
  py?: Spacing | Responsive;
  w?: Length;
  h?: Length;
  maw?: Length;
  miw?: Length;
  mih?: Length;
  ta?: CSSProperties['textAlign'];
  tt?: CSSProperties['textTransform'];
  fw?: CSSProperties['fontWeight'];
  fz?: Spacing | Responsive;
  lh?: Spacing;
  /** A theme colour (its text shade), a shade (`red.7`), `dimmed`, or any CSS colour. */
  c?: string;
  display?: CSSProperties['display'];
  flex?: CSSProperties['flex'];
  /** Shown from this breakpoint up / hidden from it up (Mantine's classes of the build's stylesheet). */
  visibleFrom?: Breakpoint;
  hiddenFrom?: Breakpoint;
}
type Spacing = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number | (string & {});
type Length = number | (string & {});
type Responsive = { base: number; sm: number };
type Breakpoint = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const NAMED = /^(xs|sm|md|lg|xl)$/;

/** Mantine's `rem()`: px as rem, scaled. */
export const rem = (px: number): string => `calc(${px / 16}rem * var(--mantine-scale))`;
const length = (value: Length | undefined) => (typeof value === 'number' ? rem(value) : value);
/** A theme spacing (`xs`...`xl`) as its variable, a number as rem, else as it is. */
export const spacing = (value: Spacing | undefined) => (typeof value === 'string' && NAMED.test(value) ? `var(--mantine-spacing-${value})` : length(value));

export function textColour(colour: string | undefined): string | undefined {
  if (colour === undefined) return undefined;
  if (colour === 'dimmed' || colour === 'bright' || colour === 'white' || colour === 'black') return `var(--mantine-color-${colour})`;
  const [name, shade] = colour.split('.');
  if (!THEME_COLOUR_NAMES.has(name!)) return colour;
  return shade === undefined ? `var(--mantine-color-${name}-text)` : `var(--mantine-color-${name}-${shade})`;
}

const SPACING: Array<[keyof StyleProps, keyof CSSProperties]> = [
  ['m', 'margin'],
  ['mt', 'marginTop'],
  ['mb', 'marginBottom'],
  ['ml', 'marginLeft'],
  ['mr', 'marginRight'],
  ['mx', 'marginInline'],
  ['my', 'marginBlock'],
  ['p', 'padding'],
  ['pt', 'paddingTop'],
  ['pb', 'paddingBottom'],
  ['px', 'paddingInline'],
  ['py', 'paddingBlock'],
];
const LENGTHS: Array<[keyof StyleProps, keyof CSSProperties]> = [
  ['w', 'width'],
  ['h', 'height'],
  ['maw', 'maxWidth'],
  ['miw', 'minWidth'],
  ['mih', 'minHeight'],
];

/** Splits Mantine-style props off the others: their inline style and breakpoint classes, and the rest for the element. */
export function styleProps<P extends StyleProps>(props: P): { style: CSSProperties; className: string; rest: Omit<P, keyof StyleProps> } {
  const { m, mt, mb, ml, mr, mx, my, p, pt, pb, px, py, w, h, maw, miw, mih, ta, tt, fw, fz, lh, c, display, flex, visibleFrom, hiddenFrom, ...rest } = props;
  const given: StyleProps = { m, mt, mb, ml, mr, mx, my, p, pt, pb, px, py: typeof py === 'object' ? undefined : py, w, h, maw, miw, mih };
  const style: Record<string, unknown> = { textAlign: ta, textTransform: tt, fontWeight: fw, color: textColour(c), display, flex };
  // Mantine writes a <style> element for a value per breakpoint; here a class reads custom properties in a media query.
  const responsive: string[] = [];
  for (const [name, value] of [
    ['py', py],
    ['fz', fz],
  ] as const) {
    if (typeof value !== 'object') continue;
    responsive.push(classes[name]!);
    Object.assign(style, { [`--${name}-base`]: rem(value.base), [`--${name}-sm`]: rem(value.sm) });
  }
  for (const [prop, css] of SPACING) if (given[prop] !== undefined) style[css] = spacing(given[prop] as Spacing);
  for (const [prop, css] of LENGTHS) if (given[prop] !== undefined) style[css] = length(given[prop] as Length);
  if (fz !== undefined && typeof fz !== 'object') style.fontSize = typeof fz === 'string' && NAMED.test(fz) ? `var(--mantine-font-size-${fz})` : length(fz);
  if (lh !== undefined) style.lineHeight = typeof lh === 'string' && NAMED.test(lh) ? `var(--mantine-line-height-${lh})` : lh;
  for (const key of Object.keys(style)) if (style[key] === undefined) delete style[key];
  const className = [...responsive, visibleFrom && `mantine-visible-from-${visibleFrom}`, hiddenFrom && `mantine-hidden-from-${hiddenFrom}`]
    .filter(Boolean)
    .join(' ');
  return { style: style as CSSProperties, className, rest };
}
