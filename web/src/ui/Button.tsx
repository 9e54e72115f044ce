import type { ComponentPropsWithoutRef, CSSProperties, ElementType, ReactNode, Ref } from 'react';
import type { To } from '../router/history';
import classes from './Button.module.css';
import { Loader } from './Loader';
import { cx, sizeVar, variantVars, type Colour, type Size, type Variant } from './variant';

export type ButtonProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> & {
  /** What it renders: a `<button>` by default, `'a'` or the router's `Link`/`NavLink` for a link. */
  component?: ElementType;
  variant?: Variant;
  color?: Colour;
  size?: Extract<Size, 'xs' | 'sm' | 'md' | 'lg'> | 'compact-xs' | 'compact-sm';
  /** Hidden from this breakpoint up (Mantine's `hiddenFrom` class of the build's stylesheet). */
  hiddenFrom?: 'xs' | 'sm' | 'md' | 'lg';
  /** Shown from this breakpoint up only. */
  visibleFrom?: 'xs' | 'sm' | 'md' | 'lg';
  radius?: Size;
  fullWidth?: boolean;
  loading?: boolean;
  leftSection?: ReactNode;
  rightSection?: ReactNode;
  ref?: Ref<HTMLButtonElement> | Ref<HTMLAnchorElement>;
  // Link props (a / Link / NavLink)
  href?: string;
  to?: To;
  end?: boolean;
  reloadDocument?: boolean;
  target?: string;
  rel?: string;
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
  const isButton = Component === 'button';
  return (
    <Component
      type={isButton ? 'button' : undefined}
      {...rest}
      disabled={isButton ? disabled || loading : undefined}
      aria-disabled={!isButton && disabled ? true : undefined}
      data-disabled={disabled || undefined}
      data-loading={loading || undefined}
      data-block={fullWidth || undefined}
      data-size={size}
      data-with-left-section={leftSection ? true : undefined}
      data-with-right-section={rightSection ? true : undefined}
      className={cx(
        classes.root,
        'mantine-focus-auto',
        !disabled && !loading && 'mantine-active',
        hiddenFrom && `mantine-hidden-from-${hiddenFrom}`,
        visibleFrom && `mantine-visible-from-${visibleFrom}`,
        className,
      )}
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
