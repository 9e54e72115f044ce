import { Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState } from 'react';
import { ChartTable } from './ChartTable';
import { valueTicks } from './scale';
import classes from './charts.module.css';

export interface BarItem {
  /** A stable key (a code or id). */
  key: string;
  label: string;
  value: number;
  /** A CSS colour; the chart's colour when left out. */
  color?: string;
}

export interface BarChartProps {
  title: string;
  description: string;
  /** Title of the category axis (e.g. "Marca") and of the value axis (e.g. "Anuncios"). */
  categoryLabel: string;
  valueLabel: string;
  items: readonly BarItem[];
  formatValue: (value: number) => string;
  color?: string;
  /** Shown instead of the bars when there are none. */
  emptyText: string;
  testId?: string;
}

/** The drawing width before the figure is measured (and in tests); then the figure's own width (at most 720), so text stays 12–13 px. */
const DEFAULT_WIDTH = 520;
const ROW = 30;
const LABEL_WIDTH = 170;
const MARGIN = { top: 22, right: 56, bottom: 48 };
const MAX_LABEL = 24;

const shortLabel = (label: string) => (label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label);

/**
 * Horizontal bars in inline SVG, one row per item, largest first as given: a named image (`<title>`,
 * `<desc>`), category labels on the left under the axis title, a labelled value axis with round
 * ticks, each value printed at its bar's end (and the row highlighted with its figure on hover), and
 * the same figures in a visually hidden table.
 */
export function BarChart({
  title,
  description,
  categoryLabel,
  valueLabel,
  items,
  formatValue,
  color = 'var(--mantine-color-ruedas-6)',
  emptyText,
  testId,
}: BarChartProps) {
  const id = useId();
  const { ref, width: measured } = useElementSize<HTMLElement>();
  const WIDTH = measured > 0 ? Math.min(720, Math.max(320, Math.round(measured))) : DEFAULT_WIDTH;
  const [active, setActive] = useState<number | null>(null);
  if (items.length === 0)
    return (
      <figure className={classes.figure} data-testid={testId}>
        <Text c="dimmed" size="sm">
          {emptyText}
        </Text>
      </figure>
    );
  const ticks = valueTicks(Math.max(0, ...items.map((item) => item.value)));
  const top = ticks[ticks.length - 1] ?? 1;
  const height = MARGIN.top + items.length * ROW + MARGIN.bottom;
  const plotLeft = LABEL_WIDTH + 8;
  const plotWidth = WIDTH - plotLeft - MARGIN.right;
  const x = (value: number) => plotLeft + (value / top) * plotWidth;
  const plotBottom = MARGIN.top + items.length * ROW;

  return (
    <figure ref={ref} className={classes.figure} data-testid={testId}>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className={classes.svg}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        <g className={classes.axis}>
          <text className={classes.axisTitle} x={LABEL_WIDTH} y={14} textAnchor="end">
            {categoryLabel}
          </text>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={x(tick)} x2={x(tick)} y1={MARGIN.top} y2={plotBottom} className={tick === 0 ? classes.baseline : classes.grid} />
              <text x={x(tick)} y={plotBottom + 16} textAnchor="middle">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          <text className={classes.axisTitle} x={plotLeft + plotWidth / 2} y={height - 8} textAnchor="middle">
            {valueLabel}
          </text>
        </g>
        {items.map((item, index) => {
          const rowTop = MARGIN.top + index * ROW;
          const barHeight = ROW * 0.64;
          return (
            <g
              key={item.key}
              data-category={item.label}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive((current) => (current === index ? null : current))}
            >
              <title>{`${item.label}: ${formatValue(item.value)}`}</title>
              <rect x={0} y={rowTop} width={WIDTH} height={ROW} className={active === index ? classes.hoverBand : classes.band} />
              <text className={classes.category} x={LABEL_WIDTH} y={rowTop + ROW / 2} dy="0.32em" textAnchor="end">
                {shortLabel(item.label)}
              </text>
              {item.value > 0 && (
                <rect
                  data-series={valueLabel}
                  data-value={item.value}
                  x={plotLeft}
                  y={rowTop + (ROW - barHeight) / 2}
                  width={Math.max(1, x(item.value) - plotLeft)}
                  height={barHeight}
                  rx={3}
                  fill={item.color ?? color}
                />
              )}
              <text className={active === index ? classes.valueStrong : classes.value} x={x(item.value) + 6} y={rowTop + ROW / 2} dy="0.32em">
                {formatValue(item.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <ChartTable
        caption={title}
        categoryHeader={categoryLabel}
        categories={items.map((item) => item.label)}
        series={[{ name: valueLabel, values: items.map((item) => formatValue(item.value)) }]}
      />
    </figure>
  );
}
