import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { buildSchema } from 'graphql';
import { GraphiQL } from 'graphiql';
import { createGraphiQLFetcher } from '@graphiql/toolkit';
import 'graphiql/style.css';
// The composed API schema of this build: GraphiQL needs no introspection (refused past the request
// limits, and off in production), so its Docs and completion work offline and everywhere.
import sdl from '../../../gateway/generated/schema.graphql?raw';

// The GraphQL explorer the gateway serves at /explorer in development (decision 0067): GraphiQL,
// bundled with the web build (no CDN, works offline), against this origin's /graphql. A session
// token goes in its Headers tab: {"Authorization": "Bearer <token>"}.
const schema = buildSchema(sdl);
const fetcher = createGraphiQLFetcher({ url: new URL('/graphql', window.location.href).href });

const DEFAULT_QUERY = `# Ruedas' GraphQL API: the Docs panel lists every type and field, with its description.
# Public reads need no token; for the rest, add {"Authorization": "Bearer <token>"} under Headers.
query FirstAds {
  searchOpportunities(filter: {}, page: 1, pageSize: 5) {
    totalItems
    items {
      id
      brand
      model
      year
      askingPrice {
        amount
        currency
      }
    }
  }
}
`;

const root = document.getElementById('explorer');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <GraphiQL fetcher={fetcher} schema={schema} defaultQuery={DEFAULT_QUERY} />
    </StrictMode>,
  );
}
