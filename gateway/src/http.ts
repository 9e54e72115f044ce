import fastifyApollo from '@as-integrations/fastify';
import type { ApolloServer } from '@apollo/server';
import type { FastifyInstance } from 'fastify';
import { gatewayContext, type GatewayContext } from './gateway';
import { registerRestFacade } from './rest/facade';
import { restRoutes } from './rest/routes';
import { serveWebApp } from './web';

export interface MountOptions {
  gateway: ApolloServer<GatewayContext>;
  /** Folder of the built web app; omitted in a gateway that serves only the APIs. */
  webDist?: string;
  /** Reverse proxies of ours in front of the gateway (RUEDAS_TRUSTED_PROXY_HOPS). Default 0. */
  trustedProxyHops?: number;
}

/** Mounts GraphQL at /graphql, the REST facade at /api/v1 and the web app at / on a process server. */
export async function mountGateway(app: FastifyInstance, options: MountOptions): Promise<void> {
  await app.register(fastifyApollo(options.gateway), {
    path: '/graphql',
    context: async (request) => gatewayContext(request.headers, request.socket.remoteAddress, options.trustedProxyHops),
  });
  await registerRestFacade(app, options.gateway, restRoutes, options.trustedProxyHops);
  if (options.webDist) await serveWebApp(app, options.webDist);
}
