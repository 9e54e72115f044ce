import { Children, isValidElement, type CSSProperties } from 'react';
import { Box, type BoxProps } from './Box';
import classes from './Layout.module.css';
import { spacing } from './styleProps';
import { cx } from './variant';

type Gap = BoxProps['m'];

export interface GroupProps extends BoxProps {
  gap?: Gap;
  justify?: CSSProperties['justifyContent'];
  align?: CSSProperties['alignItems'];
  wrap?: CSSProperties['flexWrap'];
  grow?: boolean;
}

/** Mantine's Group (a wrapping row, gap md, centred) in own code for the public pages (decision 0133). */
export function Group({ gap, justify, align, wrap, grow, className, ...rest }: GroupProps) {
  // Growing children share the row equally (Mantine's preventGrowOverflow).
  const count = grow ? Children.toArray(rest.children).filter(isValidElement).length : 0;
  const gapValue = spacing(gap ?? 'md');
  const childWidth = count > 0 ? `calc(${100 / count}% - (${gapValue} - ${gapValue} / ${count}))` : undefined;
  const vars = {
    '--group-gap': spacing(gap),
    '--group-justify': justify,
    '--group-align': align,
    '--group-wrap': wrap,
    '--group-child-width': childWidth,
  } as CSSProperties;
  return <Box {...rest} data-grow={grow || undefined} className={cx(classes.group, className)} extraStyle={vars} />;
}

export interface StackProps extends BoxProps {
  gap?: Gap;
  justify?: CSSProperties['justifyContent'];
  align?: CSSProperties['alignItems'];
}

/** Mantine's Stack (a column, gap md) in own code for the public pages (decision 0133). */
export function Stack({ gap, justify, align, className, ...rest }: StackProps) {
  const vars = { '--stack-gap': spacing(gap), '--stack-justify': justify, '--stack-align': align } as CSSProperties;
  return <Box {...rest} className={cx(classes.stack, className)} extraStyle={vars} />;
}

/** Mantine's Center. */
export function Center({ className, ...rest }: BoxProps) {
  return <Box {...rest} className={cx(classes.center, className)} />;
}

/** Mantine's Container (max width by `size`, padding md, centred). */
export function Container({ size, className, ...rest }: BoxProps & { size?: 'xs' | 'sm' | 'md' | 'lg' | 'xl' | number }) {
  const widths = { xs: 33.75, sm: 45, md: 60, lg: 71.25, xl: 82.5 };
  const width =
    size === undefined
      ? undefined
      : typeof size === 'number'
        ? `calc(${size / 16}rem * var(--mantine-scale))`
        : `calc(${widths[size]}rem * var(--mantine-scale))`;
  return <Box {...rest} className={cx(classes.container, className)} extraStyle={{ '--container-size': width } as CSSProperties} />;
}

/** Mantine's VisuallyHidden: read by assistive technology, not shown. */
export function VisuallyHidden({ className, ...rest }: BoxProps) {
  return <Box component="span" {...rest} className={cx(classes.hidden, className)} />;
}
