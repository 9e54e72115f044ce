import type { Counts } from './funnel';
import classes from './FunnelChart.module.css';

/** The axis' top: the highest figure rounded up to an even step (2, or a fifth of its power of ten), so the middle line is a whole number. */
export function axisTop(max: number): number {
  const unit = Math.max(2, 10 ** Math.floor(Math.log10(Math.max(1, max))) / 5);
  return Math.max(2, Math.ceil(max / unit) * unit);
}

/** A day (YYYY-MM-DD, Costa Rica's) as "7 nov." / "Nov 7". */
function dayText(day: string, locale: string): string {
  return new Date(`${day}T12:00:00Z`).toLocaleDateString(locale === 'en' ? 'en-US' : 'es-CR', { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/**
 * The 30-day funnel as inline SVG bars (no chart library): impressions behind, views in front, one
 * pair per day, with a count axis (0, half, top, and their lines) and a date axis (the first day,
 * every week and the last day) in HTML beside and under the bars (issue 31); a title on each bar
 * gives the day's figures.
 */
export function FunnelChart({ days, label, locale }: { days: ReadonlyArray<Counts & { day: string }>; label: string; locale: string }) {
  const width = 600;
  const height = 160;
  const top = axisTop(Math.max(0, ...days.map((day) => Math.max(day.impressions, day.views))));
  const slot = width / Math.max(1, days.length);
  const bar = (value: number) => (value / top) * height;
  // The first day, each 7th day after it and the last one, at their bars' centres.
  const ticks = days
    .map((day, index) => ({ index, day: day.day }))
    .filter(({ index }) => index === days.length - 1 || (index % 7 === 0 && days.length - 1 - index >= 4));
  return (
    <div className={classes.chart}>
      <div className={classes.yAxis} data-testid="funnel-axis-y" aria-hidden>
        {[top, top / 2, 0].map((value) => (
          <span key={value}>{value.toLocaleString(locale === 'en' ? 'en-US' : 'es-CR')}</span>
        ))}
      </div>
      <svg
        role="img"
        aria-label={label}
        viewBox={`0 0 ${width} ${height}`}
        width="100%"
        height="160"
        preserveAspectRatio="none"
        data-testid="funnel-chart"
        className={classes.bars}
      >
        {[0, height / 2].map((y) => (
          <line key={y} x1={0} y1={y + 0.5} x2={width} y2={y + 0.5} stroke="var(--mantine-color-gray-3)" vectorEffect="non-scaling-stroke" />
        ))}
        <line x1={0} y1={height - 0.5} x2={width} y2={height - 0.5} stroke="var(--mantine-color-gray-6)" vectorEffect="non-scaling-stroke" />
        {days.map((day, index) => (
          <g key={day.day}>
            <title>{`${dayText(day.day, locale)}: ${day.impressions} / ${day.views}`}</title>
            <rect
              x={index * slot + 1}
              y={height - bar(day.impressions)}
              width={Math.max(1, slot - 2)}
              height={bar(day.impressions)}
              fill="var(--mantine-color-blue-2)"
            />
            <rect
              x={index * slot + slot * 0.25}
              y={height - bar(day.views)}
              width={Math.max(1, slot * 0.5)}
              height={bar(day.views)}
              fill="var(--mantine-color-blue-7)"
            />
          </g>
        ))}
      </svg>
      <div className={classes.xAxis} data-testid="funnel-axis-x" aria-hidden>
        {ticks.map(({ index, day }) => (
          <span key={day} style={{ left: `${((index + 0.5) / Math.max(1, days.length)) * 100}%` }} data-day={day}>
            {dayText(day, locale)}
          </span>
        ))}
      </div>
    </div>
  );
}
