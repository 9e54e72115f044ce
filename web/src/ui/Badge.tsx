import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './Badge.module.css';
import { cx, sizeVar, variantVars, type Colour, type Size } from './variant';

export interface BadgeProps extends Omit<HTMLAttributes<HTMLDivElement>, 'color'> {
  variant?: 'filled' | 'light';
  color?: Colour;
  size?: Extract<Size, 'xs' | 'sm' | 'md' | 'lg'>;
  radius?: Size;
  /** `none`: as written (Mantine's Badge is upper case). */
  tt?: 'none';
  fw?: number;
}

/** Mantine's Badge look in own code for the public pages (decision 0133). */
export function Badge({ variant = 'filled', color, size, radius, tt, fw, className, style, children, ...rest }: BadgeProps) {
  const vars = { ...variantVars('--badge', variant, color), '--badge-radius': sizeVar('radius', radius), textTransform: tt, fontWeight: fw };
  return (
    <div {...rest} data-size={size} className={cx(classes.root, className)} style={{ ...vars, ...style } as CSSProperties}>
      <span className={classes.label}>{children}</span>
    </div>
  );
}
