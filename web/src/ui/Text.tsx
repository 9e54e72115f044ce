import type { CSSProperties } from 'react';
import { Box, type BoxProps } from './Box';
import classes from './Text.module.css';
import { cx } from './variant';

export interface TextProps extends BoxProps {
  /** A theme font size (`xs`...`xl`: its size and line height) or a CSS length. */
  size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | (string & {});
  lineClamp?: number;
  truncate?: boolean;
  /** Inherits the parent's font size, weight and line height. */
  inherit?: boolean;
  span?: boolean;
}

const named = (size: string | undefined) => size !== undefined && /^(xs|sm|md|lg|xl)$/.test(size);

function textVars(size: string | undefined, lineClamp: number | undefined) {
  return {
    '--text-fz': size === undefined ? undefined : named(size) ? `var(--mantine-font-size-${size})` : size,
    '--text-lh': named(size) ? `var(--mantine-line-height-${size})` : undefined,
    '--line-clamp': lineClamp,
  } as CSSProperties;
}

/** Mantine's Text (a `<p>` unless `component` says) in own code for the public pages (decision 0133). */
export function Text({ size, lineClamp, truncate, inherit, span, component, className, ...rest }: TextProps) {
  return (
    <Box
      component={component ?? (span ? 'span' : 'p')}
      {...rest}
      data-truncate={truncate ? 'end' : undefined}
      data-line-clamp={lineClamp !== undefined || undefined}
      data-inherit={inherit || undefined}
      className={cx(classes.text, className)}
      extraStyle={textVars(size, lineClamp)}
    />
  );
}

/** Mantine's Anchor: a link (`<a>`, or the given component such as the router's `Link`) in the theme's link colour, underlined on hover. */
export function Anchor({ size, lineClamp, truncate, component, className, ...rest }: TextProps) {
  return (
    <Box
      component={component ?? 'a'}
      {...rest}
      data-truncate={truncate ? 'end' : undefined}
      data-line-clamp={lineClamp !== undefined || undefined}
      className={cx(classes.text, classes.anchor, className)}
      extraStyle={textVars(size, lineClamp)}
    />
  );
}

export interface TitleProps extends BoxProps {
  order?: 1 | 2 | 3 | 4 | 5 | 6;
  /** Another heading's size (`h2`...) or a theme font size, keeping this order's weight and line height. */
  size?: 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6' | 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number;
  lineClamp?: number;
}

/** Mantine's Title: an `<h1>`...`<h6>` in the theme's heading sizes. */
export function Title({ order = 1, size, lineClamp, className, ...rest }: TitleProps) {
  const heading = typeof size === 'string' && size.startsWith('h') ? size : `h${order}`;
  const fontSize =
    size === undefined || typeof size === 'string'
      ? `var(--mantine-${typeof size === 'string' && !size.startsWith('h') ? `font-size-${size}` : `${heading}-font-size`})`
      : `calc(${size / 16}rem * var(--mantine-scale))`;
  const vars = {
    '--title-fz': fontSize,
    '--title-fw': `var(--mantine-${heading}-font-weight)`,
    '--title-lh': `var(--mantine-${heading}-line-height)`,
    '--line-clamp': lineClamp,
  } as CSSProperties;
  return (
    <Box component={`h${order}`} {...rest} data-line-clamp={lineClamp !== undefined || undefined} className={cx(classes.title, className)} extraStyle={vars} />
  );
}
