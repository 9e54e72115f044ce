import type { Counts } from './funnel';

/**
 * The 30-day funnel as inline SVG bars (no chart library): impressions behind, views in front, one
 * pair per day; a title on each bar gives the day's figures.
 */
export function FunnelChart({ days, label }: { days: ReadonlyArray<Counts & { day: string }>; label: string }) {
  const width = 600;
  const height = 160;
  const max = Math.max(1, ...days.map((day) => Math.max(day.impressions, day.views)));
  const slot = width / Math.max(1, days.length);
  const bar = (value: number) => (value / max) * (height - 20);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${width} ${height}`}
      width="100%"
      preserveAspectRatio="none"
      data-testid="funnel-chart"
      style={{ maxHeight: 180 }}
    >
      <line x1={0} y1={height - 1} x2={width} y2={height - 1} stroke="var(--mantine-color-gray-4)" />
      {days.map((day, index) => (
        <g key={day.day}>
          <title>{`${day.day}: ${day.impressions} / ${day.views}`}</title>
          <rect
            x={index * slot + 1}
            y={height - 1 - bar(day.impressions)}
            width={Math.max(1, slot - 2)}
            height={bar(day.impressions)}
            fill="var(--mantine-color-blue-2)"
          />
          <rect
            x={index * slot + slot * 0.25}
            y={height - 1 - bar(day.views)}
            width={Math.max(1, slot * 0.5)}
            height={bar(day.views)}
            fill="var(--mantine-color-blue-7)"
          />
        </g>
      ))}
    </svg>
  );
}
