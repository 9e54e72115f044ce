/** The part of Cloudflare Turnstile's browser API the registration form uses. */
export interface TurnstileApi {
  render(
    element: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      'error-callback'?: () => void;
      language: string;
    },
  ): string | undefined;
  reset(widgetId: string): void;
  remove(widgetId: string): void;
}

declare global {
  interface Window {
    turnstile?: TurnstileApi;
  }
}

export const TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit';

/** Where the script is loaded: the page, or a fake in tests. */
export interface TurnstileHost {
  document: Pick<Document, 'createElement' | 'head'>;
  window: Pick<Window, 'turnstile'>;
}

let loading: Promise<TurnstileApi> | null = null;

/**
 * Loads Cloudflare's script once per page and answers its API; a failed load is forgotten so the
 * next render tries again.
 */
export function loadTurnstile(host: TurnstileHost = { document, window }): Promise<TurnstileApi> {
  loading ??= new Promise<TurnstileApi>((resolve, reject) => {
    const script = host.document.createElement('script');
    script.src = TURNSTILE_SCRIPT_URL;
    script.async = true;
    script.onload = () => (host.window.turnstile ? resolve(host.window.turnstile) : reject(new Error('the Turnstile script defined no window.turnstile')));
    script.onerror = () => reject(new Error('the Turnstile script could not be loaded'));
    host.document.head.append(script);
  }).catch((cause: unknown) => {
    loading = null;
    throw cause;
  });
  return loading;
}
