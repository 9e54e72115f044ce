import fastifyApollo from '@as-integrations/fastify';
import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { translate } from '@ruedas/domain';
import { localeFrom, type Translator } from '@ruedas/platform';
import { gatewayContext, type GatewayContext } from './gateway';
import { mountPassthroughs, type Passthrough } from './passthrough';
import { registerRestFacade } from './rest/facade';
import { restRoutes } from './rest/routes';
import { compressTextAnswers } from './compress';
import { mountOneClickUnsubscribe } from './unsubscribe';
import { serveWebApp } from './web';
import { allowCrossOrigin } from './cors';
import { serveExplorer } from './explorer';

export interface MountOptions {
  gateway: ApolloServer<GatewayContext>;
  /** Folder of the built web app; omitted in a gateway that serves only the APIs. */
  webDist?: string;
  /** The web app's server entry (default: dist-ssr beside webDist). */
  webSsrEntry?: string;
  /** The site's address as visitors see it (canonical links, sitemap). */
  publicUrl?: string;
  /** A TLS terminator is in front: HTML answers carry HSTS. */
  hsts?: boolean;
  /** Reverse proxies of ours in front of the gateway (RUEDAS_TRUSTED_PROXY_HOPS). Default 0. */
  trustedProxyHops?: number;
  /** REST paths of services in other processes, forwarded as they are (distributed mode). */
  passthroughs?: readonly Passthrough[];
  /** For the passthroughs' own error answer. */
  translate?: Translator;
  /** Origins whose browsers may call /graphql and /api/v1 with credentials (RUEDAS_CORS_ORIGINS, `parseCorsOrigins`). */
  corsOrigins?: readonly string[];
  /** Serve the GraphQL explorer at /explorer (development: introspection is on). Needs webDist. */
  explorer?: boolean;
}

/**
 * Mounts GraphQL at /graphql, the REST facade at /api/v1, the passthroughs to services' own REST
 * paths and the web app at / on a process server.
 */
export async function mountGateway(app: FastifyInstance, options: MountOptions): Promise<void> {
  askedLanguageFirst(app);
  compressTextAnswers(app);
  await allowCrossOrigin(app, options.corsOrigins ?? []);
  if (options.webDist) serveExplorer(app, { dist: options.webDist, enabled: options.explorer ?? false });
  await app.register(async (scope) => {
    // One operation per request: a batch would multiply a request's work past the limits of one
    // operation (Apollo refuses it too, in English only).
    scope.addHook('preHandler', async (request, reply) => {
      if (!Array.isArray(request.body)) return;
      const message = translate('batchNotAllowed', localeFrom(request.headers['accept-language']));
      return reply.code(400).send({ errors: [{ message, extensions: { code: 'BAD_REQUEST', messageKey: 'batchNotAllowed' } }] });
    });
    await scope.register(fastifyApollo(options.gateway), {
      path: '/graphql',
      context: async (request) => gatewayContext(request.headers, request.socket.remoteAddress, options.trustedProxyHops),
    });
  });
  await registerRestFacade(app, options.gateway, restRoutes, options.trustedProxyHops);
  await mountOneClickUnsubscribe(app, options.gateway, options.trustedProxyHops);
  if (options.passthroughs?.length) {
    if (!options.translate) throw new Error('mountGateway: passthroughs need translate');
    await mountPassthroughs(app, { passthroughs: options.passthroughs, trustedProxyHops: options.trustedProxyHops ?? 0, translate: options.translate });
  }
  if (options.webDist) {
    await serveWebApp(app, {
      dist: options.webDist,
      gateway: options.gateway,
      ...(options.webSsrEntry ? { ssrEntry: options.webSsrEntry } : {}),
      ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}),
      ...(options.hsts ? { hsts: true } : {}),
      ...(options.trustedProxyHops ? { trustedProxyHops: options.trustedProxyHops } : {}),
    });
  }
}

/** The paths of the APIs: GraphQL and the REST facade (with the services' own paths under it). */
const API_PATH = /^\/(graphql|api\/v1)(\/|\?|$)/;

/**
 * `?lang=es|en` on an API request wins over `Accept-Language` (as on the pages): the header every
 * service translates by is rewritten to the asked language before anything reads it, so GraphQL,
 * the REST facade and the services behind them answer in it.
 */
export function askedLanguageFirst(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!API_PATH.test(request.url)) return;
    const search = request.url.indexOf('?');
    if (search < 0) return;
    const asked = new URLSearchParams(request.url.slice(search + 1)).get('lang');
    if (asked === 'es' || asked === 'en') request.headers['accept-language'] = asked;
  });
}
