/** How long a return waits for its page to grow tall enough (its list still coming) before it gives up. */
const GROW_WAIT_MS = 10_000;
/** What the visitor does that ends a waiting return: they scroll or move on themselves. */
const OWN_MOVES = ['wheel', 'touchstart', 'keydown'] as const;

/**
 * While the page is shorter than `position` (the results still loading after the ad page was reloaded,
 * or a phone's dropped tab), scrolls there each time it grows, until the position is reached, the
 * visitor scrolls, or GROW_WAIT_MS pass (issue 31). Returns what stops the waiting.
 */
export function followGrowth(position: number): () => void {
  const there = () => (window.scrollTo(0, position), Math.abs(window.scrollY - position) <= 1);
  if (there()) return () => undefined;
  const growing = new ResizeObserver(() => void (there() && stop()));
  // Stopping twice (reached, then the timer) does no harm.
  const stop = () => {
    growing.disconnect();
    for (const move of OWN_MOVES) removeEventListener(move, stop);
  };
  setTimeout(stop, GROW_WAIT_MS);
  growing.observe(document.body);
  for (const move of OWN_MOVES) addEventListener(move, stop, { passive: true });
  return stop;
}
