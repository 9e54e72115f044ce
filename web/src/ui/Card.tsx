import type { CSSProperties, ElementType, HTMLAttributes } from 'react';
import classes from './Paper.module.css';
import { cx, sizeVar, type Size } from './variant';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  component?: ElementType;
  /** The theme's Card: radius lg, a border and shadow sm (src/styles/theme.ts); `withBorder` is always on. */
  radius?: Size;
  withBorder?: true;
  padding?: Size;
}

/**
 * Mantine's Card with the app theme's defaults (radius lg, border, shadow sm), in own code for the
 * public pages (decision 0133). `CardSection` is a full-bleed part (the card's photo).
 */
export function Card({ component: Component = 'div', radius = 'lg', withBorder: _always, padding = 'md', className, style, ...rest }: CardProps) {
  const vars = { '--paper-radius': sizeVar('radius', radius), '--paper-shadow': 'var(--mantine-shadow-sm)', '--card-padding': sizeVar('spacing', padding) };
  return <Component {...rest} data-with-border className={cx(classes.paper, classes.card, className)} style={{ ...vars, ...style } as CSSProperties} />;
}

export function CardSection({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div {...rest} className={cx(classes.section, className)} />;
}
