import type { CSSProperties, HTMLAttributes, LiHTMLAttributes } from 'react';
import classes from './List.module.css';
import { cx } from './variant';

export interface ListProps extends HTMLAttributes<HTMLUListElement> {
  type?: 'ordered' | 'unordered';
  /** Space between items, in px. */
  spacing?: number;
  size?: 'sm' | 'md';
  listStyleType?: 'none';
}

/** Mantine's List in own code for the public pages (decision 0133); its items are `ListItem`s. */
export function List({ type, spacing, size, listStyleType, className, style, ...rest }: ListProps) {
  const Component = type === 'ordered' ? 'ol' : 'ul';
  const vars = {
    '--list-spacing': spacing === undefined ? undefined : `calc(${spacing / 16}rem * var(--mantine-scale))`,
    '--list-fz': size && `var(--mantine-font-size-${size})`,
    '--list-lh': size && `var(--mantine-line-height-${size})`,
    listStyleType,
  };
  return <Component {...rest} data-type={listStyleType} className={cx(classes.root, className)} style={{ ...vars, ...style } as CSSProperties} />;
}

export function ListItem({ className, children, ...rest }: LiHTMLAttributes<HTMLLIElement>) {
  return (
    <li {...rest} className={cx(classes.item, className)}>
      <div className={classes.itemWrapper}>
        <span>{children}</span>
      </div>
    </li>
  );
}
