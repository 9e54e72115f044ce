import type { CSSProperties, ElementType, HTMLAttributes } from 'react';
import classes from './Paper.module.css';
import { cx, sizeVar, type Size } from './variant';

export interface PaperProps extends HTMLAttributes<HTMLElement> {
  component?: ElementType;
  radius?: Size;
  withBorder?: boolean;
  shadow?: Size;
  /** Padding and top margin: a theme spacing. */
  p?: Size;
  mt?: Size;
}

/** Mantine's Paper in own code for the public pages (decision 0133). */
export function Paper({ component: Component = 'div', radius, withBorder, shadow, p, mt, className, style, ...rest }: PaperProps) {
  const vars = {
    '--paper-radius': sizeVar('radius', radius),
    '--paper-shadow': sizeVar('shadow', shadow),
    padding: sizeVar('spacing', p),
    marginTop: sizeVar('spacing', mt),
  };
  return (
    <Component {...rest} data-with-border={withBorder || undefined} className={cx(classes.paper, className)} style={{ ...vars, ...style } as CSSProperties} />
  );
}
