import { useId, type CSSProperties, type HTMLAttributes, type ReactNode } from 'react';
import classes from './Alert.module.css';
import { cx, sizeVar, variantVars, type Colour, type Size } from './variant';

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title' | 'color'> {
  title?: ReactNode;
  color?: Colour;
  /** Only Mantine's default, light, is drawn. */
  variant?: 'light';
  radius?: Size;
}

/** Mantine's light Alert in own code for the public pages (decision 0133): `role="alert"`, named by its title. */
export function Alert({ title, color, radius, variant: _light, className, style, children, ...rest }: AlertProps) {
  const id = useId();
  return (
    <div
      role="alert"
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-describedby={`${id}-body`}
      {...rest}
      className={cx(classes.root, className)}
      style={{ ...variantVars('--alert', 'light', color), '--alert-radius': sizeVar('radius', radius), ...style } as CSSProperties}
    >
      <div className={classes.body}>
        {title && (
          <div className={classes.title} id={`${id}-title`}>
            <span>{title}</span>
          </div>
        )}
        <div className={classes.message} id={`${id}-body`}>
          {children}
        </div>
      </div>
    </div>
  );
}
