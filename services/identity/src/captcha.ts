/**
 * The captcha port: proves a registration comes from a person. `none` accepts everything (local
 * use); `turnstile` verifies the token server-side with Cloudflare's siteverify endpoint.
 */
export interface Captcha {
  readonly provider: 'none' | 'turnstile';
  /** The public key the browser widget is rendered with; null for `none`. */
  readonly siteKey: string | null;
  verify(token: string, clientAddress: string | null): Promise<boolean>;
}

export const noCaptcha: Captcha = { provider: 'none', siteKey: null, verify: async () => true };

export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

export interface TurnstileOptions {
  /** Public: sent to browsers to render the widget. */
  siteKey: string;
  secret: string;
  /** Injectable so tests can point it at a local server. */
  siteverifyUrl?: string;
  timeoutMs?: number;
}

export function turnstileCaptcha(options: TurnstileOptions): Captcha {
  if (!options.siteKey || !options.secret) throw new Error('a Turnstile captcha needs its site key and its secret');
  const url = options.siteverifyUrl ?? TURNSTILE_SITEVERIFY_URL;
  return {
    provider: 'turnstile',
    siteKey: options.siteKey,
    async verify(token, clientAddress) {
      const form = new URLSearchParams({ secret: options.secret, response: token });
      if (clientAddress) form.set('remoteip', clientAddress);
      const response = await fetch(url, { method: 'POST', body: form, signal: AbortSignal.timeout(options.timeoutMs ?? 5000) });
      if (!response.ok) throw new Error(`captcha verification answered HTTP ${response.status}`);
      const body = (await response.json()) as { success?: unknown };
      return body.success === true;
    },
  };
}

const LOCAL_ADDRESSES = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1', 'localhost']);

/** Whether a request comes from this machine (the captcha is not asked there). */
export const isLocalAddress = (address: string | null): boolean => address !== null && LOCAL_ADDRESSES.has(address);

/** Whether a registration from `clientAddress` must carry a captcha token: the one rule the query and the mutation share. */
export const captchaRequired = (captcha: Captcha, clientAddress: string | null): boolean => captcha.provider !== 'none' && !isLocalAddress(clientAddress);
