import type { ReactNode } from 'react';
import classes from './Hint.module.css';

/**
 * A hover and focus hint over a control that is already named (its `aria-label`): a few lines of CSS
 * where Mantine's Tooltip would bring its positioning engine to every card of the public pages.
 */
export function Hint({ label, children }: { label: string; children: ReactNode }) {
  return (
    <span className={classes.hint} data-hint={label}>
      {children}
    </span>
  );
}
