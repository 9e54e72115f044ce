import { useMediaQuery } from '../ui/hooks';
import { usePhoneGuess } from './env';

/** Under Mantine's `sm` breakpoint: a phone's screen. */
export const NARROW_SCREEN_QUERY = '(max-width: 47.99em)';

/**
 * Whether the screen is a phone's. The first render (on the server, and the hydration that must
 * match it) uses the server's guess from the request (`Sec-CH-UA-Mobile`, else the user agent), so a
 * phone gets the phone's layout in the HTML and nothing moves when the page goes live; the screen's
 * real width decides from then on (a wrong guess switches once, as before). Decision 0102.
 */
export function useNarrowScreen(): boolean {
  return useMediaQuery(NARROW_SCREEN_QUERY, usePhoneGuess()) ?? false;
}
