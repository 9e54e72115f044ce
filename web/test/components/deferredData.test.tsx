/**
 * The browser's deferred data hooks (`src/data/lazy.ts`, decision 0136) through the `src/data` facade:
 * a hydrated page's queries start from the server's answers without Apollo Client; it is loaded (here
 * `src/data/apollo.ts` is a client on a mock link) at the first query without an answer or the first
 * mutation, then the answers on screen are in its cache and nothing is asked twice.
 */
import { ApolloClient, gql, InMemoryCache, type TypedDocumentNode } from '@apollo/client';
import { MockLink } from '@apollo/client/testing';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

interface Ads {
  ads: { __typename: 'AdPage'; page: number; titles: string[] };
}
const ADS: TypedDocumentNode<Ads, { page: number }> = gql`
  query Ads($page: Int!) {
    ads(page: $page) {
      page
      titles
    }
  }
`;
const STAR: TypedDocumentNode<{ star: boolean }, { id: string }> = gql`
  mutation Star($id: ID!) {
    star(id: $id)
  }
`;
const page = (number: number, titles: string[]): Ads => ({ ads: { __typename: 'AdPage', page: number, titles } });

// `src/data/apollo.ts`: the client a test gives, counted each time the deferred hooks take it (once per load).
const apollo = vi.hoisted(() => ({ loaded: 0, client: null as unknown }));
vi.mock('../../src/data/apollo', () => ({
  get apolloClient() {
    apollo.loaded += 1;
    return apollo.client;
  },
}));

/** The client Apollo's load gives, answering `mocks` only. */
function answering(mocks: MockLink.MockedResponse[]): void {
  apollo.client = new ApolloClient({ cache: new InMemoryCache(), link: new MockLink(mocks) });
}

/** A fresh copy of the data modules, reading a state element with these answers. */
async function hydratedWith(answers: Record<string, unknown>) {
  vi.resetModules();
  apollo.loaded = 0;
  document.body.innerHTML = '';
  const state = document.createElement('script');
  state.type = 'application/json';
  state.id = 'ruedas-state';
  state.textContent = JSON.stringify({ language: 'es', origin: 'http://localhost', answers });
  document.body.append(state);
  return import('../../src/data');
}

type Data = Awaited<ReturnType<typeof hydratedWith>>;

function AdsList({ data: hooks, number }: { data: Data; number: number }) {
  const { data, previousData, loading } = hooks.useQuery(ADS, { variables: { page: number } });
  const shown = data ?? previousData;
  return (
    <div>
      <p>{loading ? 'loading' : 'ready'}</p>
      <ul>
        {shown?.ads.titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
    </div>
  );
}

beforeEach(() => {
  window.history.replaceState(null, '', '/');
});

describe('the deferred data hooks', () => {
  it('show the server answer without loading Apollo Client, then keep the old page on screen while the next one loads', async () => {
    const data = await hydratedWith({ 'Ads:{"page":1}': { data: page(1, ['Corolla', 'Civic']) } });
    answering([{ request: { query: ADS, variables: { page: 2 } }, result: { data: page(2, ['Hilux']) }, delay: 50 }]);
    const view = render(<AdsList data={data} number={1} />);
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Corolla', 'Civic']);
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(apollo.loaded).toBe(0);

    window.history.pushState(null, '', '/?page=2');
    view.rerender(<AdsList data={data} number={2} />);
    expect(screen.getByText('loading')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Corolla', 'Civic']);
    await waitFor(() => expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Hilux']));
    expect(screen.getByText('ready')).toBeTruthy();
    expect(apollo.loaded).toBe(1);

    // Back to the first page: it went into the cache when Apollo Client came; no mock is left to ask.
    window.history.pushState(null, '', '/');
    view.rerender(<AdsList data={data} number={1} />);
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Corolla', 'Civic']);
  });

  it('load Apollo Client for a mutation, which rejects with the GraphQL errors and keeps them in its state', async () => {
    const data = await hydratedWith({});
    answering([
      { request: { query: STAR, variables: { id: 'a' } }, result: { data: { star: true } } },
      { request: { query: STAR, variables: { id: 'b' } }, result: { errors: [{ message: 'No existe', extensions: { code: '0404' } }] } },
    ]);
    const outcomes: unknown[] = [];
    function Star() {
      const [star, state] = data.useMutation(STAR);
      return (
        <div>
          <button onClick={() => void star({ variables: { id: 'a' } }).then((result) => outcomes.push(result.data))}>a</button>
          <button onClick={() => void star({ variables: { id: 'b' } }).catch((error: unknown) => outcomes.push(error))}>b</button>
          <p>{state.error ? `error ${state.error.message}` : state.data ? 'starred' : 'idle'}</p>
        </div>
      );
    }
    render(<Star />);
    expect(apollo.loaded).toBe(0);
    screen.getByRole('button', { name: 'a' }).click();
    await screen.findByText('starred');
    expect(outcomes).toEqual([{ star: true }]);
    screen.getByRole('button', { name: 'b' }).click();
    await screen.findByText('error No existe');
    expect(data.hasGraphQLErrors(outcomes[1])).toBe(true);
    expect(apollo.loaded).toBe(1);
  });

  it('send a mutation for no cache without Apollo Client, with the language and the token, and reject its errors', async () => {
    const data = await hydratedWith({});
    localStorage.setItem('ruedas.token', 'token-1');
    const requests: Array<{ headers: Record<string, string>; body: { operationName: string; query: string; variables: unknown } }> = [];
    const answers = [{ data: { star: true } }, { errors: [{ message: 'Sesión vencida', extensions: { code: '0003' } }] }];
    vi.stubGlobal('fetch', (_url: string, init: { headers: Record<string, string>; body: string }) => {
      requests.push({ headers: init.headers, body: JSON.parse(init.body) as (typeof requests)[number]['body'] });
      return Promise.resolve(new Response(JSON.stringify(answers.shift()), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    const refused = vi.fn();
    (await import('../../src/data/refused')).onSessionRefused(refused);
    const seen: unknown[] = [];
    function Star() {
      const [star, state] = data.useMutation(STAR, { fetchPolicy: 'no-cache' });
      return (
        <div>
          <button
            onClick={() =>
              void star({ variables: { id: 'a' } }).then(
                (result) => seen.push(result.data),
                (error: unknown) => seen.push(error),
              )
            }
          >
            star
          </button>
          <p>{state.error ? `error ${state.error.message}` : state.data ? 'starred' : 'idle'}</p>
        </div>
      );
    }
    render(<Star />);
    screen.getByRole('button', { name: 'star' }).click();
    await screen.findByText('starred');
    screen.getByRole('button', { name: 'star' }).click();
    await screen.findByText('error Sesión vencida');
    vi.unstubAllGlobals();
    expect(apollo.loaded).toBe(0);
    expect(requests.map((request) => request.body.operationName)).toEqual(['Star', 'Star']);
    expect(requests[0]?.body.query).toContain('mutation Star($id: ID!)');
    expect(requests[0]?.body.variables).toEqual({ id: 'a' });
    expect(requests[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Content-Type': 'application/json' });
    expect(seen[0]).toEqual({ star: true });
    expect(data.hasGraphQLErrors(seen[1])).toBe(true);
    expect(refused).toHaveBeenCalledTimes(1);
  });

  it('give a failed answer as the GraphQL errors, which the forms read like Apollo Client errors', async () => {
    answering([]);
    const data = await hydratedWith({ 'Ads:{"page":9}': { errors: [{ message: 'Página fuera de rango', extensions: { code: '0400' } }] } });
    const { apiError } = await import('../../src/data/apiError');
    let seen: unknown;
    function Failing() {
      const { error, loading } = data.useQuery(ADS, { variables: { page: 9 } });
      seen = error;
      return <p>{loading ? 'loading' : error ? error.message : 'ready'}</p>;
    }
    render(<Failing />);
    expect(screen.getByText('Página fuera de rango')).toBeTruthy();
    expect(apiError(seen)).toEqual({ code: '0400', message: 'Página fuera de rango', fields: {} });
    expect(apollo.loaded).toBe(0);
  });
});
