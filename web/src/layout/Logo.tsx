import { WheelShape } from '../ui/Wheel';

/** The wordmark: the wheel and "Ruedas". The text takes the surrounding colour (dark header, light footer). */
export function Logo({ height = 36 }: { height?: number }) {
  return (
    <svg viewBox="0 0 150 40" height={height} width={(height * 150) / 40} role="img" aria-label="Ruedas">
      <WheelShape />
      <text
        x="47"
        y="29"
        fill="currentColor"
        fontFamily="Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
        fontSize="26"
        fontWeight="800"
        letterSpacing="-0.5"
      >
        Ruedas
      </text>
    </svg>
  );
}
