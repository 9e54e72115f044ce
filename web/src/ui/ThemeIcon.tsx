import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './ThemeIcon.module.css';
import { cx, sizeVar, variantVars, type Colour, type Size } from './variant';

export interface ThemeIconProps extends Omit<HTMLAttributes<HTMLDivElement>, 'color'> {
  variant?: 'filled' | 'light';
  color?: Colour;
  size?: 'md' | 'lg';
  radius?: Size;
}

/** Mantine's ThemeIcon in own code for the public pages (decision 0133): an icon on a coloured disc or square. */
export function ThemeIcon({ variant = 'filled', color, size, radius, className, style, ...rest }: ThemeIconProps) {
  const vars = { ...variantVars('--ti', variant, color), '--ti-radius': sizeVar('radius', radius) };
  return <div {...rest} data-size={size} className={cx(classes.root, className)} style={{ ...vars, ...style } as CSSProperties} />;
}
