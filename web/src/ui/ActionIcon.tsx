import type { ComponentPropsWithoutRef, CSSProperties } from 'react';
import classes from './ActionIcon.module.css';
import { Loader } from './Loader';
import { cx, pressableStates, sizeVar, variantVars, type Colour, type PressableAs, type Size, type Variant } from './variant';

export type ActionIconProps = Omit<ComponentPropsWithoutRef<'button'>, 'color'> &
  PressableAs & {
    variant?: Variant;
    color?: Colour;
    size?: Extract<Size, 'sm' | 'md' | 'lg' | 'xl'>;
    radius?: Size | 'xl';
    loading?: boolean;
  };

/**
 * Mantine's ActionIcon look in own code for the public pages (decision 0133): a square icon button
 * (or link) with the theme's variant colours, focus ring and disabled and loading states. Give it an
 * `aria-label`.
 */
export function ActionIcon({
  component: Component = 'button',
  variant = 'filled',
  color,
  size,
  radius,
  loading,
  disabled,
  className,
  style,
  children,
  ...rest
}: ActionIconProps) {
  const isButton = Component === 'button';
  return (
    <Component
      type={isButton ? 'button' : undefined}
      {...rest}
      {...pressableStates(isButton, disabled, loading)}
      data-size={size}
      className={cx(classes.root, 'mantine-focus-auto', !disabled && !loading && 'mantine-active', className)}
      style={{ ...variantVars('--ai', variant, color), '--ai-radius': sizeVar('radius', radius), ...style } as CSSProperties}
    >
      {loading && (
        <span className={classes.loader} aria-hidden>
          <Loader color="var(--ai-color)" style={{ '--loader-size': 'calc(var(--ai-size) * 0.55)' } as CSSProperties} />
        </span>
      )}
      {children}
    </Component>
  );
}
