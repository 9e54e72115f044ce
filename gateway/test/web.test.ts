import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApolloServer } from '@apollo/server';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendVary, chooseEncoding, compressTextAnswers } from '../src/compress';
import type { GatewayContext } from '../src/gateway';
import { addressIn, contentSecurityPolicy, pageLanguage, robotsTxt, serveWebApp } from '../src/web';

describe('web serving rules', () => {
  it('answers in brotli, else gzip, else as it is; q=0 refuses an encoding', () => {
    expect(chooseEncoding('gzip, deflate, br')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(appendVary('Accept-Language', 'Accept-Encoding')).toBe('Accept-Language, Accept-Encoding');
    expect(appendVary('accept-encoding', 'Accept-Encoding')).toBe('accept-encoding');
  });

  it('picks the page language from ?lang, then the cookie, then Accept-Language, then Spanish', () => {
    expect(pageLanguage({ query: { lang: 'en' }, headers: { cookie: 'ruedas.language=es' } })).toBe('en');
    expect(pageLanguage({ query: {}, headers: { cookie: 'a=1; ruedas.language=en', 'accept-language': 'es-CR' } })).toBe('en');
    expect(pageLanguage({ query: {}, headers: { 'accept-language': 'fr-FR, en-US;q=0.8' } })).toBe('en');
    expect(pageLanguage({ query: { lang: 'de' }, headers: {} })).toBe('es');
  });

  it('writes addresses per language and a CSP without inline scripts', () => {
    const url = new URL('https://ruedas.cr/searchingOpportunities?q=toyota&lang=en');
    expect(addressIn(url, 'es')).toBe('https://ruedas.cr/searchingOpportunities?q=toyota');
    expect(addressIn(url, 'en')).toBe('https://ruedas.cr/searchingOpportunities?q=toyota&lang=en');
    const csp = contentSecurityPolicy('abc');
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(robotsTxt('https://ruedas.cr')).toContain('Sitemap: https://ruedas.cr/sitemap.xml');
    // A path that looks like another host stays a path of this site.
    expect(addressIn(new URL(`https://ruedas.cr${'//elsewhere.example/'}`), 'es')).toBe('https://ruedas.cr//elsewhere.example/');
  });
});

describe('serveWebApp without a server entry', () => {
  let dist: string;
  const app = Fastify();
  const gateway = new ApolloServer<GatewayContext>({ typeDefs: 'type Query { ok: Boolean }', resolvers: { Query: { ok: () => true } } });

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'ruedas-web-'));
    await writeFile(
      join(dist, 'index.html'),
      `<!doctype html><html lang="es"><head><title>Shell</title></head><body><div id="root"></div><script type="module" ` +
        `src="/assets/app.js"></script>${' '.repeat(2000)}</body></html>`,
    );
    await gateway.start();
    compressTextAnswers(app);
    await serveWebApp(app, { dist, gateway, hsts: true });
  });
  afterAll(async () => {
    await app.close();
    await gateway.stop();
    await rm(dist, { recursive: true, force: true });
  });

  it('sends the shell with the HTML headers, HSTS when TLS is in front, and every script with the nonce', async () => {
    const response = await app.inject({ method: 'GET', url: '/anything', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    const nonce = /'nonce-([^']+)'/.exec(String(response.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(response.body).toContain(`<script nonce="${nonce}" type="module"`);
    expect(response.body).toContain('<html lang="en"');
  });

  it('compresses the HTML when asked', async () => {
    const response = await app.inject({ method: 'GET', url: '/anything', headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
  });

  it('answers robots.txt and a JSON 404 for unknown files and API paths', async () => {
    expect((await app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('Sitemap: ');
    const missing = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});
