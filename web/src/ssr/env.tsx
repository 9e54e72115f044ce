import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';

/**
 * What a server-rendered page tells the server about itself: its title and description (in the
 * page's language), its HTTP status (404 for an unknown ad or route), structured data for search
 * engines, and whether it is kept out of their index.
 */
export interface PageHead {
  title: string;
  description?: string;
  /** HTTP status of the HTML answer; 200 when not given. */
  status?: number;
  /** schema.org JSON-LD, written into the head by the server. */
  jsonLd?: object;
  noindex?: boolean;
}

/** Collects the head of the page being rendered on the server (the last page to speak wins). */
export interface HeadCollector {
  head: PageHead | null;
  /** The page's main image (its largest paint), preloaded from the head before any script. */
  priorityImage?: string;
}

interface RenderEnv {
  /** The site's origin as the visitor sees it (share links); the same on the server and while hydrating. */
  origin: string;
  /** Only on the server. */
  collector: HeadCollector | null;
}

const RenderEnvContext = createContext<RenderEnv>({
  origin: typeof window === 'undefined' ? '' : window.location.origin,
  collector: null,
});

export function RenderEnvProvider({ origin, collector, children }: { origin: string; collector: HeadCollector | null; children: ReactNode }) {
  return <RenderEnvContext value={{ origin, collector }}>{children}</RenderEnvContext>;
}

/** The site's origin (for share links): the one the server rendered with, so hydration matches. */
export function useOrigin(): string {
  return use(RenderEnvContext).origin;
}

/**
 * A page's title, description, status and structured data: recorded for the server's HTML head
 * while rendering on the server; in the browser the document title follows the page.
 */
export function usePageHead(head: PageHead): void {
  const { collector } = use(RenderEnvContext);
  if (collector) collector.head = head;
  const { title } = head;
  useEffect(() => {
    document.title = title;
    // The page is live (hydrated or rendered): what the browser tests wait for.
    document.documentElement.dataset.page = 'ready';
  }, [title]);
}

/** A photo that is the page's largest paint: on the server, the head preloads it ahead of the scripts. */
export function usePriorityImage(src: string | null): void {
  const { collector } = use(RenderEnvContext);
  if (collector && src && !collector.priorityImage) collector.priorityImage = src;
}

const noSubscription = () => () => undefined;

/**
 * False on the server and while the browser hydrates the server's HTML, then true: state only the
 * browser knows (the signed-in user, local storage) is shown once hydration has matched the HTML.
 * A page the browser renders itself (no server HTML) is hydrated from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
