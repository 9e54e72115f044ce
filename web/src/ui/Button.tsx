import type { CSSProperties, ReactNode } from 'react';
import classes from './Button.module.css';
import { Loader } from './Loader';
import { pressableRoot, sizeVar, variantVars, type PressableProps, type Size } from './variant';

export type ButtonProps = PressableProps & {
  size?: Extract<Size, 'xs' | 'sm' | 'md' | 'lg'> | 'compact-xs' | 'compact-sm';
  /** Hidden from this breakpoint up (Mantine's `hiddenFrom` class of the build's stylesheet). */
  hiddenFrom?: 'xs' | 'sm' | 'md' | 'lg';
  /** Shown from this breakpoint up only. */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
  radius?: Size;
  fullWidth?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  // NavLink's and Link's own props
  end?: boolean;
  reloadDocument?: boolean;
};

/**
 * Mantine's Button look in own code for the public pages (decision 0133): a `<button>` (or the given
 * link component), the theme's variant colours, sizes and radius, its focus ring and disabled and
 * loading states. Screens loaded later keep Mantine's Button.
 */
export function Button({
  component: Component = 'button',
  variant = 'filled',
  color,
  size,
  radius,
  fullWidth,
  loading,
  disabled,
  leftSection,
  rightSection,
  hiddenFrom,
  visibleFrom,
  className,
  style,
  children,
  ...rest
}: ButtonProps) {
  const vars = {
    ...variantVars('--button', variant, color),
    '--button-radius': sizeVar('radius', radius),
    '--button-fz': size && `var(--mantine-font-size-${size.replace('compact-', '')})`,
  } as CSSProperties;
  return (
    <Component
      {...pressableRoot(
        Component,
        rest,
        disabled,
        loading,
        classes.root,
        hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
        visibleFrom && `mantine-visible-from-${visibleFrom}`,
        className,
      )}
      data-block={fullWidth || undefined}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
      style={{ ...vars, ...style }}
    >
      {loading && (
        <span className={classes.loader} aria-hidden>
          <Loader color="var(--button-color)" style={{ '--loader-size': 'calc(var(--button-height) / 1.8)' } as CSSProperties} />
        </span>
      )}
      <span className={classes.inner}>
        {leftSection && (
          <span className={classes.section} data-position="left">
            {leftSection}
          </span>
        )}
        <span className={classes.label}>{children}</span>
        {rightSection && (
          <span className={classes.section} data-position="right">
            {rightSection}
          </span>
        )}
      </span>
    </Component>
  );
}
