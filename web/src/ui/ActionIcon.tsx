import type { CSSProperties } from 'react';
import classes from './ActionIcon.module.css';
import { Loader } from './Loader';
import { pressableRoot, sizeVar, variantVars, type PressableProps, type Size } from './variant';

export type ActionIconProps = PressableProps & {
  size?: Extract<Size, 'sm' | 'md' | 'lg' | 'xl'>;
  radius?: Size | 'xl';
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
  return (
    <Component
      {...pressableRoot(Component, rest, disabled, loading, classes.root, className)}
      data-size={size}
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
