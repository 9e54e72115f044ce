import { createContext, use, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { keepEarlyInput } from './earlyInput';

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
  priorityImage?: PriorityImage;
}

interface RenderEnv {
  /** The site's origin as the visitor sees it (share links); the same on the server and while hydrating. */
  origin: string;
  /** Only on the server. */
  collector: HeadCollector | null;
  /** The server's guess that the screen is a phone's (from the request), so it renders the phone's layout. */
  phone: boolean;
}

const RenderEnvContext = createContext<RenderEnv>({
  origin: typeof window === 'undefined' ? '' : window.location.origin,
  collector: null,
  phone: false,
});

export function RenderEnvProvider({
  origin,
  collector,
  phone = false,
  children,
}: {
  origin: string;
  collector: HeadCollector | null;
  phone?: boolean;
  children: ReactNode;
}) {
  return <RenderEnvContext value={{ origin, collector, phone }}>{children}</RenderEnvContext>;
}

/** Whether the page was (or is being) rendered for a phone's screen: the same on the server and while hydrating. */
export function usePhoneGuess(): boolean {
  return use(RenderEnvContext).phone;
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
    markLive();
  }, [title]);
}

let live = false;
const liveListeners = new Set<() => void>();

/**
 * The page is live: hydrated (or rendered by the browser). Until then nothing may change what the
 * server rendered: an update reaching a page still waiting for its chunk would make React drop the
 * server's HTML for the loader, and the page would jump. Called by every page (usePageHead), by
 * the error page, and at once when the browser renders the page itself.
 */
export function markLive(): void {
  if (typeof document !== 'undefined') document.documentElement.dataset.page = 'ready';
  if (live) return;
  live = true;
  // What the visitor typed into the server's HTML before this moment counts (decision 0137).
  if (typeof document !== 'undefined') keepEarlyInput(document);
  for (const listener of [...liveListeners]) listener();
}

/** Whether the page is live now (see `markLive`): false on the server and while the browser hydrates. */
export function pageIsLive(): boolean {
  return live;
}

/** Runs `callback` once the page is live (at once if it is). */
export function whenLive(callback: () => void): void {
  if (live) callback();
  else {
    const once = () => {
      liveListeners.delete(once);
      callback();
    };
    liveListeners.add(once);
  }
}

function subscribeLive(onChange: () => void): () => void {
  liveListeners.add(onChange);
  return () => liveListeners.delete(onChange);
}

export interface PriorityImage {
  src: string;
  srcSet?: string;
  sizes?: string;
}

/** A photo that is the page's largest paint: on the server, the head preloads it ahead of the scripts. */
export function usePriorityImage(image: PriorityImage | null): void {
  const { collector } = use(RenderEnvContext);
  if (collector && image && !collector.priorityImage) collector.priorityImage = image;
}

/**
 * False on the server and until the page the browser hydrates is live, then true: state only the
 * browser knows (the signed-in user, local storage) is shown once hydration has matched the HTML.
 * A page the browser renders itself (no server HTML) is live from its first render.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeLive,
    () => live,
    () => false,
  );
}
