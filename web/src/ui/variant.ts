import type { ComponentPropsWithoutRef, CSSProperties, ElementType, Ref } from 'react';

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
  const own = colour !== undefined && /^(#|rgb|hsl|var\()/.test(colour);
  const [name = 'ruedas', shade] = own ? [] : (colour ?? 'ruedas').split('.');
  // A CSS colour (not the theme's), or a theme colour's shade ("gray.3"), else the theme's variables.
  const base = own ? colour : shade ? v(`${name}-${shade}`) : undefined;
  const transparent = 'calc(0.0625rem * var(--mantine-scale)) solid transparent';
  let bg: string,
    hover: string,
    color: string,
    bd = transparent;
  if (variant === 'default') {
    [bg, hover, color, bd] = [v('default'), v('default-hover'), v('default-color'), `calc(0.0625rem * var(--mantine-scale)) solid ${v('default-border')}`];
  } else if (variant === 'filled') {
    const next = shade && !own ? v(`${name}-${Number(shade) === 9 ? 8 : Number(shade) + 1}`) : `color-mix(in srgb, ${base} 90%, black)`;
    [bg, hover, color] = base ? [base, next, v('white')] : [v(`${name}-filled`), v(`${name}-filled-hover`), v('white')];
  } else if (variant === 'white') {
    [bg, hover, color] = [v('white'), '#fcfcfc', base ?? v(`${name}-filled`)];
  } else if (base) {
    // Mantine: a shade's light variant is that shade behind the light text colour; its subtle one the shade (at most 6) as text.
    const text = own ? base : variant === 'light' ? v(`${name}-light-color`) : v(`${name}-${Math.min(Number(shade), 6)}`);
    [bg, hover, color] = [variant === 'light' ? base : 'transparent', `color-mix(in srgb, ${base} 12%, transparent)`, text];
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

/** What a pressable component (Button, ActionIcon) renders as: a `<button>` by default, or a link. */
export interface PressableAs {
  /** `'a'` or the router's `Link`/`NavLink` for a link. */
  component?: ElementType;
  ref?: Ref<HTMLButtonElement> | Ref<HTMLAnchorElement>;
  href?: string;
  /** Handed to `component` as it is (the router's `To`: a path, or its parts); ui/ knows no router. */
  to?: string | Partial<Record<'pathname' | 'search' | 'hash', string>>;
  target?: string;
  rel?: string;
}

/** The props every pressable component (Button, ActionIcon) takes: a button's, where it renders, its look and its loading state. */
export type PressableProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> &
  PressableAs & {
    variant?: Variant;
    color?: Colour;
    loading?: boolean;
  };

/**
 * The root props of a pressable component (Button, ActionIcon) as it renders them: `type="button"` on
 * a `<button>` unless the caller's props name another type, the caller's props, then the disabled and
 * loading states (a `<button>` is disabled natively, loading too; a link is marked `aria-disabled`;
 * the CSS module reads the data attributes) and the classes: the part's root, the focus ring, the
 * press effect while it may be pressed, then `classNames` (the caller's last).
 */
export function pressableRoot<P extends object>(
  component: ElementType,
  props: P,
  disabled: boolean | undefined,
  loading: boolean | undefined,
  root: string | undefined,
  ...classNames: Array<string | false | undefined>
) {
  const isButton = component === 'button';
  return {
    type: isButton ? ('button' as const) : undefined,
    ...props,
    disabled: isButton ? disabled || loading : undefined,
    'aria-disabled': !isButton && disabled ? true : undefined,
    'data-disabled': disabled || undefined,
    'data-loading': loading || undefined,
    className: cx(root, 'mantine-focus-auto', !disabled && !loading && 'mantine-active', ...classNames),
  };
}
