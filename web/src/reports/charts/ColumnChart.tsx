import { Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState } from 'react';
import { ChartTable } from './ChartTable';
import { labelledIndexes, valueTicks } from './scale';
import classes from './charts.module.css';

export interface ChartSeries {
  name: string;
  /** A CSS colour (a Mantine variable works). */
  color: string;
  values: readonly number[];
}

export interface ColumnChartProps {
  title: string;
  description: string;
  /** Axis titles. */
  xLabel: string;
  yLabel: string;
  /** One per column: `label` under the axis (short), `name` in the tooltip and the table. */
  categories: readonly { label: string; name: string }[];
  /** Stacked from the first (bottom) to the last (top). */
  series: readonly ChartSeries[];
  formatValue: (value: number) => string;
  /** Tooltip and table word for a column's sum ("Total"). */
  totalLabel: string;
  testId?: string;
}

/** The drawing width before the figure is measured (and in tests); then the figure's own width, so text stays 12 px. */
const DEFAULT_WIDTH = 720;
const HEIGHT = 280;
const MARGIN = { top: 28, right: 12, bottom: 58, left: 56 };

/**
 * Stacked columns, one per category, in inline SVG: a named image (`<title>`, `<desc>`), a labelled
 * value axis with round ticks and a labelled category axis, a legend, each column's figures on hover
 * (drawn above it, and the native tooltip), and the same figures in a visually hidden table.
 */
export function ColumnChart({ title, description, xLabel, yLabel, categories, series, formatValue, totalLabel, testId }: ColumnChartProps) {
  const id = useId();
  const { ref, width: measured } = useElementSize<HTMLElement>();
  const WIDTH = measured > 0 ? Math.max(320, Math.round(measured)) : DEFAULT_WIDTH;
  const [active, setActive] = useState<number | null>(null);
  const totals = categories.map((_, index) => series.reduce((sum, line) => sum + (line.values[index] ?? 0), 0));
  const ticks = valueTicks(Math.max(0, ...totals));
  const top = ticks[ticks.length - 1] ?? 1;
  const plotWidth = WIDTH - MARGIN.left - MARGIN.right;
  const plotHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(1, categories.length);
  const barWidth = Math.max(2, Math.min(40, slot * 0.7));
  const shownLabels = labelledIndexes(categories.length, Math.floor(plotWidth / 44));
  const tooltip = (index: number) =>
    `${categories[index]?.name ?? ''}: ` +
    `${series.map((line) => `${line.name} ${formatValue(line.values[index] ?? 0)}`).join(', ')}; ` +
    `${totalLabel} ${formatValue(totals[index] ?? 0)}`;

  return (
    <figure ref={ref} className={classes.figure} data-testid={testId}>
      <Group gap="md" className={classes.legend} aria-hidden>
        {series.map((line) => (
          <Group key={line.name} gap={6}>
            <span className={classes.swatch} style={{ background: line.color }} />
            <Text size="sm">{line.name}</Text>
          </Group>
        ))}
      </Group>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={`${id}-title ${id}-desc`} className={classes.svg}>
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {/* Value axis: grid lines and ticks. */}
        <g className={classes.axis}>
          {ticks.map((tick) => (
            <g key={tick}>
              <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(tick)} y2={y(tick)} className={tick === 0 ? classes.baseline : classes.grid} />
              <text x={MARGIN.left - 8} y={y(tick)} dy="0.32em" textAnchor="end">
                {formatValue(tick)}
              </text>
            </g>
          ))}
          <text className={classes.axisTitle} transform={`translate(14 ${MARGIN.top + plotHeight / 2}) rotate(-90)`} textAnchor="middle">
            {yLabel}
          </text>
        </g>
        {/* Category axis. */}
        <g className={classes.axis}>
          {categories.map((category, index) =>
            shownLabels.has(index) ? (
              <text key={`${category.name}-${index}`} x={MARGIN.left + slot * (index + 0.5)} y={MARGIN.top + plotHeight + 18} textAnchor="middle">
                {category.label}
              </text>
            ) : null,
          )}
          <text className={classes.axisTitle} x={MARGIN.left + plotWidth / 2} y={HEIGHT - 8} textAnchor="middle">
            {xLabel}
          </text>
        </g>
        {/* Columns. */}
        {categories.map((category, index) => {
          let base = 0;
          const x = MARGIN.left + slot * index + (slot - barWidth) / 2;
          return (
            <g
              key={`${category.name}-${index}`}
              data-category={category.name}
              onMouseEnter={() => setActive(index)}
              onMouseLeave={() => setActive((current) => (current === index ? null : current))}
            >
              <title>{tooltip(index)}</title>
              <rect
                x={MARGIN.left + slot * index}
                y={MARGIN.top}
                width={slot}
                height={plotHeight}
                className={active === index ? classes.hoverBand : classes.band}
              />
              {series.map((line) => {
                const value = line.values[index] ?? 0;
                if (value <= 0) return null;
                const from = base;
                base += value;
                return (
                  <rect
                    key={line.name}
                    data-series={line.name}
                    data-value={value}
                    x={x}
                    y={y(base)}
                    width={barWidth}
                    height={y(from) - y(base)}
                    fill={line.color}
                    rx={Math.min(3, barWidth / 4)}
                  />
                );
              })}
            </g>
          );
        })}
        {active !== null && (
          <text
            className={classes.hoverText}
            x={Math.min(Math.max(MARGIN.left + slot * (active + 0.5), MARGIN.left + 90), WIDTH - MARGIN.right - 90)}
            y={14}
            textAnchor="middle"
            data-testid={testId ? `${testId}-hover` : undefined}
          >
            {tooltip(active)}
          </text>
        )}
      </svg>
      <ChartTable
        caption={title}
        categoryHeader={xLabel}
        categories={categories.map((category) => category.name)}
        series={[...series.map((line) => ({ name: line.name, values: line.values.map(formatValue) })), { name: totalLabel, values: totals.map(formatValue) }]}
      />
    </figure>
  );
}
