import { WheelShape } from '../ui/Wheel';

/** Brand wheels scaled to the car (radius 13 on the 40×40 wheel grid, whose radius is 19). */
const WHEEL_SCALE = 13 / 19;
const WHEEL_CENTRES = [44, 118];
const WHEEL_Y = 68;

/**
 * The picture shown where a photo is missing or fails to load (spec 01 §8): a grey car
 * silhouette on the brand's wheels, drawn on a 160×100 grid and stretched to its frame.
 */
export function CarSilhouette({ label }: { label: string }) {
  return (
    <svg viewBox="0 0 160 100" preserveAspectRatio="xMidYMid meet" role="img" aria-label={label} data-placeholder="">
      <rect width="160" height="100" fill="#f1f3f5" />
      <path d="M12 70 L12 58 Q12 51 19 49 L42 44 L60 28 Q65 23 72 23 L106 23 Q113 23 118 28 L134 43 L145 46 Q150 48 150 55 L150 70 Z" fill="#ced4da" />
      <path d="M65 43 L75 31 L95 31 L95 43 Z M100 43 L100 31 L111 31 L124 43 Z" fill="#f8f9fa" />
      {WHEEL_CENTRES.map((x) => (
        <g key={x} transform={`translate(${x - 20 * WHEEL_SCALE} ${WHEEL_Y - 20 * WHEEL_SCALE}) scale(${WHEEL_SCALE})`}>
          <WheelShape />
        </g>
      ))}
    </svg>
  );
}
