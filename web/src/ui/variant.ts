import type { CSSProperties } from 'react';

/** The variants the public pages use, with Mantine's look (its default variant-colour resolver). */
export type Variant = 'filled' | 'light' | 'subtle' | 'default' | 'white';
/** A theme colour (`ruedas`, `green`, `gray`...) or one of its shades (`grape.7`). */
export type Colour = string;
export type Size = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const v = (name: string) => `var(--mantine-color-${name})`;

/**
 * The background, hover, text and border of a variant in a theme colour, as Mantine's resolver gives
 * them (the same CSS variables of the build's theme stylesheet, decision 0132), under `prefix`
 * (`--button`, `--ai`, `--badge`...): the component's CSS module reads them.
 */
export function variantVars(prefix: string, variant: Variant, colour: Colour | undefined): CSSProperties {
  const [name = 'ruedas', shade] = (colour ?? 'ruedas').split('.');
  const transparent = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';
  let bg: string,
    hover: string,
    color: string,
    bd = transparent;
  if (variant === 'default') {
    [bg, hover, color, bd] = [v('default'), v('default-hover'), v('default-color'), `calc(0.0625rem * var(--mantine-scale)) solid ${v('default-border')}`];
  } else if (variant === 'filled') {
    const n = Number(shade);
    [bg, hover, color] = shade
      ? [v(`${name}-${n}`), v(`${name}-${n === 9 ? 8 : n + 1}`), v('white')]
      : [v(`${name}-filled`), v(`${name}-filled-hover`), v('white')];
  } else if (variant === 'white') {
    [bg, hover, color] = [v('white'), '#fcfcfc', v(shade ? `${name}-${shade}` : `${name}-filled`)];
  } else {
    [bg, hover, color] = [variant === 'light' ? v(`${name}-light`) : 'transparent', v(`${name}-light-hover`), v(`${name}-light-color`)];
  }
  return { [`${prefix}-bg`]: bg, [`${prefix}-hover`]: hover, [`${prefix}-color`]: color, [`${prefix}-bd`]: bd } as CSSProperties;
}

/** A Mantine size or radius name as its CSS variable; any other value as it is. */
export const sizeVar = (kind: string, value: string | number | undefined): string | undefined =>
  value === undefined
    ? undefined
    : typeof value === 'number'
      ? `${value / 16}rem`
      : /^(xs|sm|md|lg|xl)$/.test(value)
        ? `var(--mantine-${kind}-${value})`
        : value;

/** Class names joined, the empty ones left out. */
export const cx = (...names: Array<string | false | undefined | null>): string => names.filter(Boolean).join(' ');
