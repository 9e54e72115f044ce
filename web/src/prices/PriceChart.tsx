/**
 * A strip of dots, one per comparable ad's price (carried to this car), the usual range shaded and
 * this ad's price marked: a few lines of inline SVG, rendered on the server (no chart library).
 */
export function PriceChart({ prices, low, high, price, label }: { prices: number[]; low: number; high: number; price: number; label: string }) {
  const width = 320;
  const height = 64;
  const pad = 12;
  const min = Math.min(price, ...prices);
  const max = Math.max(price, ...prices);
  const span = max - min || 1;
  const x = (value: number) => pad + ((value - min) / span) * (width - 2 * pad);
  return (
    <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={label} data-testid="price-chart" style={{ maxWidth: 480, display: 'block' }}>
      <rect x={x(low)} y={14} width={Math.max(2, x(high) - x(low))} height={28} fill="var(--mantine-color-teal-1)" rx={4} />
      <line x1={pad} x2={width - pad} y1={28} y2={28} stroke="var(--mantine-color-gray-4)" />
      {prices.map((value, index) => (
        <circle
          key={index}
          cx={x(value)}
          cy={28 + ((index % 3) - 1) * 6}
          r={3.5}
          fill="var(--mantine-color-gray-6)"
          fillOpacity={0.7}
          data-testid="chart-comparable"
        />
      ))}
      <line x1={x(price)} x2={x(price)} y1={6} y2={50} stroke="var(--mantine-color-ruedas-7)" strokeWidth={3} data-testid="chart-this-ad" />
      <polygon points={`${x(price) - 6},${56} ${x(price) + 6},${56} ${x(price)},${50}`} fill="var(--mantine-color-ruedas-7)" />
    </svg>
  );
}
