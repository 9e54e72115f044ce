/**
 * The server entry (built by `vite build --ssr` into dist-ssr/): renders a public page to HTML in
 * the visitor's language, with its data from the same GraphQL operations the browser sends, handed
 * to the `execute` function the gateway provides (its own in-process execution). Decision 0018.
 */
import { Readable } from 'node:stream';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { print, type FormattedExecutionResult } from 'graphql';
import { prerenderToNodeStream } from 'react-dom/static';
import { Observable } from 'rxjs';
import type { Language } from './i18n';
import en from './i18n/en.json';
import es from './i18n/es.json';
import { createTranslator } from './i18n/translator';
import { newCache } from './data/cache';
import type { Answers } from './data/answers';
import { ApolloData } from './data/apolloHooks';
import { suspenseHooks } from './data/serverHooks';
import { Providers } from './app/Providers';
import { matchPath, StaticRouter } from './router';
import { AppRoutes, ROUTE_PATHS } from './app/routes';
import type { HeadCollector, PageHead, PriorityImage } from './ssr/env';
import { NOT_FOUND_MODULE, publicRoute } from './app/publicRoutes';
import { stateJson } from './data/state';

export { PUBLIC_ROUTES, publicRoute } from './app/publicRoutes';
export { looksLikePhone } from './ssr/device';
export type { PageHead } from './ssr/env';

export interface OperationRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

export interface RenderOptions {
  /** Path and query of the page. */
  url: string;
  language: Language;
  /** The site's origin as visitors see it (share links, canonical addresses). */
  origin: string;
  /** Runs one GraphQL operation as a visitor in `language`. */
  execute(request: OperationRequest): Promise<FormattedExecutionResult>;
  /** The page's CSP nonce: React's own inline scripts (streamed Suspense boundaries) carry it. */
  nonce: string;
  /** Render the phone's layout (the server's guess from the request, `looksLikePhone`); the browser keeps it while hydrating. */
  phone?: boolean;
  /** Gives up waiting for data (the page then renders what it has, e.g. its loaders). */
  signal?: AbortSignal;
}

export interface RenderedPage {
  status: number;
  head: PageHead;
  /** The page's main image, to preload ahead of the scripts. */
  priorityImage?: PriorityImage;
  /** The page module whose chunk the HTML preloads. */
  module: string;
  /** JSON for the state element (the queries' answers, language, origin), safe inside <script>. */
  state: string;
  /** The HTML inside #root, streamed. */
  body: Readable;
}

/** What kind of route a path is: a public page (server-rendered), an app screen (rendered in the browser), or none. */
export function routeKind(pathname: string): 'public' | 'app' | 'unknown' {
  if (publicRoute(pathname)) return 'public';
  return ROUTE_PATHS.some((path) => matchPath(path, pathname)) ? 'app' : 'unknown';
}

function linkTo(execute: RenderOptions['execute']): ApolloLink {
  return new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        execute({ query: print(operation.query), variables: operation.variables, operationName: operation.operationName })
          .then((result) => {
            observer.next(result as ApolloLink.Result);
            observer.complete();
          })
          .catch((error: unknown) => observer.error(error));
      }),
  );
}

/** Renders a public page (or, for an unknown path, the not-found page). */
export async function render(options: RenderOptions): Promise<RenderedPage> {
  // Joined, not resolved: a path such as //elsewhere.example/ stays a path of this site.
  const address = new URL(`${options.origin}${options.url}`);
  const { pathname } = address;
  const client = new ApolloClient({ ssrMode: true, link: linkTo(options.execute), cache: newCache() });
  // One translator per request, with every text of both languages.
  const i18n = createTranslator({ language: options.language, texts: { es, en } });

  const collector: HeadCollector = { head: null };
  // The answers the page shows, for the browser to hydrate from without Apollo Client (decision 0136).
  const answers: Answers = {};
  const tree = (
    <Providers i18n={i18n} origin={options.origin} collector={collector} phone={options.phone ?? false}>
      <ApolloData client={client} hooks={suspenseHooks(client, answers, options.signal)}>
        <StaticRouter pathname={pathname} search={address.search}>
          <AppRoutes />
        </StaticRouter>
      </ApolloData>
    </Providers>
  );

  // Rendered once: a part whose data has not come waits for it (`suspenseHooks`) and is rendered
  // when it comes, the rest of the page staying rendered (decision 0228); the page's HTML is complete
  // when every part is. Every boundary inline, in order: the page reads without scripts (React would
  // otherwise send a large finished boundary apart, placed by an inline script).
  const { prelude } = await prerenderToNodeStream(tree, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError(error) {
      console.error(error);
    },
  });
  const head = collector.head ?? { title: 'Ruedas' };
  const state = stateJson({
    language: options.language,
    origin: options.origin,
    ...(options.phone ? { phone: true } : {}),
    answers,
  });
  return {
    status: head.status ?? 200,
    head,
    ...(collector.priorityImage ? { priorityImage: collector.priorityImage } : {}),
    module: publicRoute(pathname)?.module ?? NOT_FOUND_MODULE,
    state,
    body: Readable.from(prelude),
  };
}
