import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import classes from './Input.module.css';

export type TextInputProps = Omit<ComponentPropsWithoutRef<'input'>, 'size'> & {
  size?: 'sm' | 'md';
  /** `unstyled`: no border nor background (the home's hero box draws its own). */
  variant?: 'default' | 'unstyled';
  /** An icon at the start, not clickable. */
  leftSection?: ReactNode;
};

/**
 * Mantine's TextInput look in own code for the public pages (decision 0133): an `<input>` with the
 * theme's border, focus colour, placeholder and an optional icon. It has no label of its own: give
 * it an `aria-label` (the search box's is its form's name).
 */
export function TextInput({ size = 'sm', variant = 'default', leftSection, className, style, ...rest }: TextInputProps) {
  return (
    <div
      className={`${classes.root} ${className ?? ''}`}
      style={style}
      data-size={size}
      data-variant={variant}
      data-with-left-section={leftSection ? true : undefined}
    >
      {leftSection && (
        <div className={classes.section} data-position="left">
          {leftSection}
        </div>
      )}
      <input type="text" {...rest} className={classes.input} />
    </div>
  );
}
