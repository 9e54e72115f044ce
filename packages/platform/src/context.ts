import { randomUUID } from 'node:crypto';
import { DEVICE_HEADER } from '@ruedas/domain';

export type Locale = 'es' | 'en';

/**
 * What a subgraph knows of one request. It is built from the HTTP headers in both modes (the
 * gateway forwards them; in all-in-one the in-process data source passes them along), so a
 * subgraph never trusts anything but what it verifies itself.
 */
export interface RequestContext {
  requestId: string;
  locale: Locale;
  /** The raw bearer token, verified by the service that needs it (identity issues tokens). */
  token: string | null;
  /**
   * Address of the client: the last `x-forwarded-for` hop, which the gateway appends from its
   * socket (earlier hops are the client's own claims). Null when unknown.
   */
  clientAddress: string | null;
  headers: Record<string, string>;
  /**
   * The request limits this request counted against, as they stand after it (`noteRateLimit`): the
   * subgraph answers the tightest in its response's `extensions.rateLimit`, and the gateway turns
   * it into the `RateLimit-*` headers of a successful answer.
   */
  rateLimits?: RateLimitNote[];
}

/** Where a request stands in one request limit's window, after it was counted. */
export interface RateLimitNote {
  /** Requests the window allows. */
  limit: number;
  /** Requests left in the window after this one. */
  remaining: number;
  /** Seconds until the window resets (the allowance is whole again). */
  resetSeconds: number;
}

/** Records that the request was counted against a limit (see `RequestContext.rateLimits`). */
export function noteRateLimit(context: { rateLimits?: RateLimitNote[] } | null | undefined, note: RateLimitNote): void {
  context?.rateLimits?.push({ limit: note.limit, remaining: Math.max(0, note.remaining), resetSeconds: Math.max(1, Math.ceil(note.resetSeconds)) });
}

/**
 * The limit closest to refusing (fewest requests left, then the longest wait), which the
 * `RateLimit-*` headers describe when a request counted against several; null for none.
 */
export function tightestRateLimit(notes: readonly RateLimitNote[] | undefined): RateLimitNote | null {
  let tightest: RateLimitNote | null = null;
  for (const note of notes ?? []) {
    if (!tightest || note.remaining < tightest.remaining || (note.remaining === tightest.remaining && note.resetSeconds > tightest.resetSeconds))
      tightest = note;
  }
  return tightest;
}

/** Whether `value` is a rate-limit note (as a subgraph's `extensions.rateLimit` carries it). */
export function isRateLimitNote(value: unknown): value is RateLimitNote {
  if (!value || typeof value !== 'object') return false;
  const { limit, remaining, resetSeconds } = value as Record<string, unknown>;
  return [limit, remaining, resetSeconds].every((n) => Number.isInteger(n) && (n as number) >= 0);
}

/** Headers the gateway forwards to subgraphs (the device value for identity's sign-in, decision 0147). */
export const forwardedHeaderNames = ['authorization', 'accept-language', 'x-request-id', 'x-forwarded-for', DEVICE_HEADER] as const;

export function pickForwardedHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of forwardedHeaderNames) {
    const value = headers[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (text) out[name] = text;
  }
  return out;
}

/** `es` unless the request prefers English (Accept-Language, first listed of es/en wins). */
export function localeFrom(acceptLanguage: string | undefined): Locale {
  return preferredLocale(acceptLanguage) ?? 'es';
}

/**
 * The caller's preferred product language of an `Accept-Language` header (RFC 9110 §12.5.4): the
 * languages by their `q` weight, highest first (the header's order among equals); `q=0` is "not
 * this one". Null when it names neither Spanish nor English.
 */
export function preferredLocale(acceptLanguage: string | undefined): Locale | null {
  if (!acceptLanguage) return null;
  let best: { locale: Locale; weight: number } | null = null;
  for (const part of acceptLanguage.split(',')) {
    const [range = '', ...parameters] = part.split(';');
    const tag = range.trim().split(/[-_]/)[0]!.toLowerCase();
    if (tag !== 'es' && tag !== 'en') continue;
    const q = parameters.map((parameter) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(parameter)?.[1]).find((value) => value !== undefined);
    const weight = q === undefined ? 1 : Number(q);
    if (!Number.isFinite(weight) || weight <= 0) continue;
    if (!best || weight > best.weight) best = { locale: tag, weight };
  }
  return best?.locale ?? null;
}

/** The language a request asks for: `?lang=es|en` first, then the `Accept-Language` weights. */
export function requestLocale(query: unknown, acceptLanguage: string | undefined): Locale {
  const asked = query && typeof query === 'object' ? (query as Record<string, unknown>).lang : undefined;
  return asked === 'es' || asked === 'en' ? asked : localeFrom(acceptLanguage);
}

export function createRequestContext(headers: Record<string, string | string[] | undefined>): RequestContext {
  const forwarded = pickForwardedHeaders(headers);
  const auth = forwarded.authorization;
  const token = auth && /^Bearer\s+\S+$/i.test(auth) ? auth.replace(/^Bearer\s+/i, '') : null;
  return {
    requestId: forwarded['x-request-id'] ?? randomUUID(),
    locale: localeFrom(forwarded['accept-language']),
    token,
    clientAddress: forwarded['x-forwarded-for']?.split(',').at(-1)?.trim() || null,
    headers: forwarded,
    rateLimits: [],
  };
}
