import type { HTMLAttributes } from 'react';
import classes from './Collapse.module.css';

export interface CollapseProps extends HTMLAttributes<HTMLDivElement> {
  expanded: boolean;
}

/**
 * Mantine's Collapse in CSS (decision 0133): its content stays mounted, hidden (out of the tab order
 * and the accessibility tree) while collapsed, and opens and closes in 200 ms.
 */
export function Collapse({ expanded, className, children, ...rest }: CollapseProps) {
  return (
    <div {...rest} className={`${classes.root} ${className ?? ''}`} data-expanded={expanded || undefined}>
      <div className={classes.inner}>{children}</div>
    </div>
  );
}
