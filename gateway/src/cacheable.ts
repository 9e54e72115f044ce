import type { ApolloServerPlugin } from '@apollo/server';

/** How long a shared cache may keep a visitor's GET read (seconds): public lists change often, so briefly. */
export const PUBLIC_READ_MAX_AGE_SECONDS = 60;

/**
 * Cache headers of GraphQL answers (decision 0067). A query sent with GET (typically an automatic
 * persisted query: `?extensions={"persistedQuery":{"version":1,"sha256Hash":"..."}}`) by a visitor
 * (no Authorization header) that answered without an error may be kept by browsers and shared caches
 * for PUBLIC_READ_MAX_AGE_SECONDS, per language and origin; a signed-in caller's GET is private and
 * never stored, and so is every POST, every answer with an error and every answer counted against a
 * request limit (its `RateLimit-*` headers are the caller's). Whether an operation is a read
 * is GraphQL's own rule: Apollo refuses a mutation over GET.
 */
export function cacheableReads<TContext extends object>(): ApolloServerPlugin<TContext> {
  return {
    async requestDidStart({ request }) {
      return {
        async willSendResponse({ response, errors, operation }) {
          const http = request.http;
          if (!http) return;
          if (
            http.method !== 'GET' ||
            errors?.length ||
            operation?.operation !== 'query' ||
            response.body.kind !== 'single' ||
            response.body.singleResult.errors?.length ||
            // An answer that counted against a request limit says where the caller stands in it: the caller's own.
            response.http.headers.has('ratelimit-remaining')
          ) {
            response.http.headers.set('cache-control', 'no-store');
            return;
          }
          if (http.headers.get('authorization')) {
            response.http.headers.set('cache-control', 'private, no-store');
            return;
          }
          response.http.headers.set('cache-control', `public, max-age=${PUBLIC_READ_MAX_AGE_SECONDS}`);
          response.http.headers.set('vary', 'Accept-Language, Origin');
        },
      };
    },
  };
}
