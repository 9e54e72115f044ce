/**
 * A small inline SVG line of one figure per day (no chart library): the last point is marked, and
 * the label says what it shows for screen readers.
 */
export function Sparkline({ values, label, width = 120, height = 32 }: { values: readonly number[]; label: string; width?: number; height?: number }) {
  const max = Math.max(1, ...values);
  const step = values.length > 1 ? (width - 4) / (values.length - 1) : 0;
  const points = values.map((value, index) => [2 + index * step, height - 2 - (value / max) * (height - 4)] as const);
  const last = points.at(-1);
  return (
    <svg role="img" aria-label={label} width={width} height={height} viewBox={`0 0 ${width} ${height}`} data-testid="sparkline">
      <polyline
        fill="none"
        stroke="var(--mantine-color-blue-6)"
        strokeWidth={1.5}
        points={points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(' ')}
      />
      {last && <circle cx={last[0]} cy={last[1]} r={2.5} fill="var(--mantine-color-blue-6)" />}
    </svg>
  );
}
