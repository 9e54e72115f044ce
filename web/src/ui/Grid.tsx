import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './Grid.module.css';
import { cx, sizeVar, type Size } from './variant';

/** Mantine's 12-column Grid in CSS (decision 0133): no style element written at render. */
export function Grid({ gap, className, style, ...rest }: HTMLAttributes<HTMLDivElement> & { gap?: Size }) {
  return <div {...rest} className={cx(classes.root, className)} style={{ '--grid-gap': sizeVar('spacing', gap), ...style } as CSSProperties} />;
}

export interface GridColProps extends HTMLAttributes<HTMLDivElement> {
  /** Columns of 12 per breakpoint (sm 48em, md 62em); 0 keeps the smaller breakpoint's, as Mantine's. */
  span: Partial<Record<'base' | 'sm' | 'md', number>>;
  display?: 'none';
  visibleFrom?: 'xs' | 'sm' | 'md';
}

export function GridCol({ span, display, visibleFrom, className, style, ...rest }: GridColProps) {
  const vars = Object.fromEntries(Object.entries(span).flatMap(([breakpoint, count]) => (count ? [[`--col-${breakpoint}`, count]] : [])));
  return (
    <div
      {...rest}
      className={cx(classes.col, visibleFrom && `mantine-visible-from-${visibleFrom}`, className)}
      style={{ ...vars, display, ...style } as CSSProperties}
    />
  );
}
