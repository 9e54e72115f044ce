import type { ComponentPropsWithoutRef } from 'react';
import classes from './Burger.module.css';

export type BurgerProps = ComponentPropsWithoutRef<'button'> & {
  opened: boolean;
  /** Hidden from this breakpoint up (Mantine's `hiddenFrom` class of the build's stylesheet). */
  hiddenFrom?: 'xs' | 'sm' | 'md' | 'lg';
};

/** Mantine's Burger in own code for the public pages (decision 0133): a `<button>` whose lines turn into a cross. */
export function Burger({ opened, hiddenFrom, className, ...rest }: BurgerProps) {
  const hidden = hiddenFrom ? `mantine-hidden-from-${hiddenFrom}` : '';
  return (
    <button type="button" aria-expanded={opened} {...rest} className={`${classes.root} mantine-focus-auto ${hidden} ${className ?? ''}`}>
      <span className={classes.burger} data-opened={opened || undefined} />
    </button>
  );
}
