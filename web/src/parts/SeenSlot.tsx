import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { useLocation } from '../router';
import { pageIsLive } from '../ssr/env';
import { Stack, type StackProps } from '../ui/Group';

interface Openable {
  preload(): void;
}

/** How near the screen a slot's place opens its parts: within a screen's height above or below it. */
const NEAR = '100% 0px';
/** Any of these, anywhere on the page, opens the parts: the visitor is about to use the page. */
const INPUTS = ['pointerdown', 'touchstart', 'keydown'] as const;

/**
 * The place of `seenPart`s on a page (a Stack around them, the same in the server's HTML and the
 * browser's): opens them (fetches their code, then React hydrates them) when the place comes within
 * a screen of the visible part of the page, at the visitor's first touch, click or key, when the
 * language or the address changes while they still show the server's HTML (React would render them
 * afresh), and at once when the browser renders the page itself on a live page (a visit within the app).
 */
export function SeenSlot({ parts, children, ...stack }: StackProps & { parts: readonly Openable[]; children: ReactNode }) {
  const place = useRef<HTMLElement>(null);
  const { i18n } = useTranslation();
  const { pathname, search } = useLocation();
  const [first] = useState(() => ({ live: typeof window !== 'undefined' && pageIsLive(), language: i18n.language, address: pathname + search }));
  const openAll = () => {
    for (const part of parts) part.preload();
  };
  if (typeof window !== 'undefined' && (first.live || first.language !== i18n.language || first.address !== pathname + search)) openAll();

  useEffect(() => {
    const element = place.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      openAll();
      return;
    }
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && stop(true), { rootMargin: NEAR });
    const onInput = () => stop(true);
    function stop(open: boolean) {
      observer.disconnect();
      for (const type of INPUTS) window.removeEventListener(type, onInput, true);
      if (open) openAll();
    }
    observer.observe(element);
    for (const type of INPUTS) window.addEventListener(type, onInput, { capture: true, passive: true });
    return () => stop(false);
    // The parts are module constants: the slot watches its place once.
  }, []);

  return (
    <Stack ref={place} {...stack}>
      {children}
    </Stack>
  );
}
