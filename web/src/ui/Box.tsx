import type { CSSProperties, ElementType, HTMLAttributes, Ref } from 'react';
import { styleProps, type StyleProps } from './styleProps';
import { cx } from './variant';

/** The HTML attributes and Mantine style props of the layout components, with a `component` to render. */
export type BoxProps = HTMLAttributes<HTMLElement> &
  StyleProps & {
    component?: ElementType;
    ref?: Ref<HTMLElement>;
    // Attributes of the elements the public pages render through `component` (a, label, time, the router's Link).
    href?: string;
    to?: string;
    target?: string;
    rel?: string;
    htmlFor?: string;
    type?: 'button' | 'submit';
    dateTime?: string;
    [data: `data-${string}`]: string | number | boolean | undefined;
  };

/**
 * Mantine's Box in own code for the public pages (decision 0133): an element (a `<div>` unless
 * `component` says) with Mantine's style props as inline styles and its breakpoint classes.
 */
export function Box({ component: Component = 'div', className, style, ...props }: BoxProps & { extraStyle?: CSSProperties }) {
  const { style: own, className: breakpoints, rest } = styleProps(props);
  const { extraStyle, ...attributes } = rest as typeof rest & { extraStyle?: CSSProperties };
  return <Component {...attributes} className={cx(breakpoints, className) || undefined} style={{ ...extraStyle, ...own, ...style }} />;
}
