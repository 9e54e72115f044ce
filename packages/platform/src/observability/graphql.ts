import type { ApolloServerPlugin } from '@apollo/server';
import { graphqlDuration, graphqlErrors, operationLabel } from './metrics';
import { noteOperation } from './scope';
import { openSpan, SpanKind } from './tracing';

/**
 * Rate, errors and duration of every GraphQL operation a server answers (`server`: `gateway` or the
 * subgraph's name), by operation name; the name also goes on the request's access line; and, with
 * tracing on, a span per operation (`graphql <server> <operation>`).
 */
export function observedOperations<C extends object>(server: string): ApolloServerPlugin<C> {
  return {
    async requestDidStart({ request }) {
      const started = performance.now();
      let operation = operationLabel(server, null);
      const trace = openSpan(`graphql ${server}`, SpanKind.INTERNAL, { 'graphql.server': server });
      return {
        async didResolveOperation({ operationName }) {
          // Only a name the document declares (validated), never an arbitrary one the client sent.
          operation = operationLabel(server, operationName ?? request.operationName ?? null);
          if (operationName) noteOperation(operationName);
          trace?.span.updateName(`graphql ${server} ${operationName ?? 'anonymous'}`);
          trace?.span.setAttribute('graphql.operation.name', operationName ?? '');
        },
        async willSendResponse({ response, errors }) {
          const seconds = (performance.now() - started) / 1000;
          const answered = response.body.kind === 'single' ? response.body.singleResult.errors : undefined;
          const list = answered ?? errors ?? [];
          graphqlDuration.observe({ server, operation, outcome: list.length > 0 ? 'error' : 'ok' }, seconds);
          for (const error of list) {
            const code = typeof error.extensions?.code === 'string' ? error.extensions.code : 'UNKNOWN';
            graphqlErrors.inc({ server, operation, code });
          }
          if (trace) {
            if (list.length > 0) trace.span.setAttribute('graphql.error.count', list.length);
            trace.span.end();
          }
        },
      };
    },
  };
}
