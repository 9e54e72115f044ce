import { describe, expect, it } from 'vitest';
import { createRequestContext, localeFrom, requestLocale } from '../src';

describe('request context', () => {
  it('is Spanish unless the caller prefers English', () => {
    expect(localeFrom(undefined)).toBe('es');
    expect(localeFrom('en-US,en;q=0.9')).toBe('en');
    expect(localeFrom('fr-FR, es-CR;q=0.8, en;q=0.5')).toBe('es');
    expect(localeFrom('de')).toBe('es');
  });
  it('weighs the languages by q, not by their order (issue 32 item 9)', () => {
    expect(localeFrom('en;q=0.1, es;q=0.9')).toBe('es');
    expect(localeFrom('es;q=0.2, en-US;q=0.8, fr')).toBe('en');
    expect(localeFrom('en;q=0, de')).toBe('es');
    expect(localeFrom('en ; q=0.5, es;q=0.5')).toBe('en');
    expect(requestLocale({ lang: 'en' }, 'es')).toBe('en');
    expect(requestLocale({ lang: 'fr' }, 'en;q=0.1, es;q=0.9')).toBe('es');
  });
  it('takes a bearer token, and only a well-formed one', () => {
    expect(createRequestContext({ authorization: 'Bearer abc.def' }).token).toBe('abc.def');
    expect(createRequestContext({ authorization: 'Basic abc' }).token).toBeNull();
    expect(createRequestContext({ authorization: 'Bearer' }).token).toBeNull();
    expect(createRequestContext({}).token).toBeNull();
  });
  it('keeps only the headers that are forwarded to subgraphs', () => {
    const ctx = createRequestContext({ authorization: 'Bearer t', cookie: 'secret', 'x-request-id': 'r1', 'accept-language': 'en' });
    expect(ctx.headers).toEqual({ authorization: 'Bearer t', 'x-request-id': 'r1', 'accept-language': 'en' });
    expect(ctx.requestId).toBe('r1');
    expect(createRequestContext({}).requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
