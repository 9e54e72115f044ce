import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './SimpleGrid.module.css';
import { cx, sizeVar, type Size } from './variant';

type Breakpoint = 'base' | 'xs' | 'sm' | 'md' | 'lg';

export interface SimpleGridProps extends HTMLAttributes<HTMLDivElement> {
  /** Columns, or columns per breakpoint (Mantine's: xs 36em, sm 48em, md 62em, lg 75em). */
  cols?: number | Partial<Record<Breakpoint, number>>;
  spacing?: Size;
}

/** Mantine's SimpleGrid in CSS (decision 0133): no style element written at render. */
export function SimpleGrid({ cols = 1, spacing, className, style, ...rest }: SimpleGridProps) {
  const byBreakpoint = typeof cols === 'number' ? { base: cols } : cols;
  const vars = Object.fromEntries(Object.entries(byBreakpoint).map(([breakpoint, count]) => [`--sg-${breakpoint}`, count]));
  return <div {...rest} className={cx(classes.root, className)} style={{ ...vars, '--sg-spacing': sizeVar('spacing', spacing), ...style } as CSSProperties} />;
}
