import type { SVGProps } from 'react';

const SPOKES = [0, 72, 144, 216, 288];

/** The brand's wheel: a dark tyre, a coloured rim and five spokes, drawn on a 40×40 grid. */
export function Wheel(props: SVGProps<SVGSVGElement>) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden {...props}>
      <WheelShape />
    </svg>
  );
}

/** The wheel's shapes, centred at (20, 20), for use inside another SVG. */
export function WheelShape() {
  return (
    <g>
      <circle cx="20" cy="20" r="19" fill="#1f2430" />
      <circle cx="20" cy="20" r="19" fill="none" stroke="#3a4150" strokeWidth="1.5" strokeDasharray="2.2 2.2" />
      <circle cx="20" cy="20" r="13" fill="var(--mantine-color-ruedas-7, #d64820)" />
      <circle cx="20" cy="20" r="10.5" fill="#f6f7f9" />
      {SPOKES.map((angle) => (
        <path key={angle} d="M20 20 L18.2 10.6 Q20 9.8 21.8 10.6 Z" fill="var(--mantine-color-ruedas-7, #d64820)" transform={`rotate(${angle} 20 20)`} />
      ))}
      <circle cx="20" cy="20" r="4" fill="var(--mantine-color-ruedas-8, #bf3e1a)" />
      <circle cx="20" cy="20" r="1.4" fill="#f6f7f9" />
    </g>
  );
}
