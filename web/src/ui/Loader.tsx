import type { CSSProperties, HTMLAttributes } from 'react';
import classes from './Loader.module.css';
import { cx } from './variant';

export interface LoaderProps extends HTMLAttributes<HTMLSpanElement> {
  size?: 'xs' | 'sm' | 'md';
  /** A CSS colour (the primary colour by default). */
  color?: string;
}

/** Mantine's oval Loader, in own code (decision 0133). Give it an `aria-label` where it stands alone. */
export function Loader({ size, color, className, style, ...rest }: LoaderProps) {
  return (
    <span
      role={rest['aria-label'] ? 'status' : undefined}
      {...rest}
      data-size={size}
      className={cx('mantine-Loader-root', classes.root, className)}
      style={{ ...(color && ({ '--loader-color': color } as CSSProperties)), ...style }}
    />
  );
}
