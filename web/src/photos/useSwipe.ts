import { useRef, useState, type MouseEvent, type PointerEvent } from 'react';

/** How far (px) a finger must travel sideways for a swipe; shorter moves snap back. */
export const SWIPE_THRESHOLD = 40;

export type SwipeDirection = 'previous' | 'next';

interface Drag {
  pointerId: number;
  startX: number;
}

/**
 * Horizontal swipes from pointer events (touch, pen and mouse alike). Gives the handlers to spread
 * on the swiped element, the live drag offset to follow the finger, and whether a drag is on.
 * A click that ends a swipe is swallowed, so swiping a photo inside a link does not follow it.
 */
export function useSwipe(onSwipe: (direction: SwipeDirection) => void) {
  const drag = useRef<Drag | null>(null);
  const swallowClick = useRef(false);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  function end(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const current = drag.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drag.current = null;
    setDragging(false);
    setOffset(0);
    const distance = event.clientX - current.startX;
    if (cancelled || Math.abs(distance) < SWIPE_THRESHOLD) return;
    swallowClick.current = true;
    onSwipe(distance < 0 ? 'next' : 'previous');
  }

  const handlers = {
    onPointerDown(event: PointerEvent<HTMLElement>) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      drag.current = { pointerId: event.pointerId, startX: event.clientX };
      swallowClick.current = false;
    },
    onPointerMove(event: PointerEvent<HTMLElement>) {
      const current = drag.current;
      if (!current || current.pointerId !== event.pointerId) return;
      if (!dragging) {
        setDragging(true);
        // Keep receiving the moves when the finger leaves the element (not available in every test DOM).
        event.currentTarget.setPointerCapture?.(event.pointerId);
      }
      setOffset(event.clientX - current.startX);
    },
    onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
    onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    onClickCapture(event: MouseEvent<HTMLElement>) {
      if (!swallowClick.current) return;
      swallowClick.current = false;
      event.preventDefault();
      event.stopPropagation();
    },
  };

  return { handlers, offset, dragging };
}
