import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { lazy, useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Route,
  RouteErrorBoundary,
  Switch,
  useLocation,
  useNavigate,
  useParams,
  useRouteError,
  useSearchParams,
} from '../../src/router';

/** The app's routing (src/router, decision 0107) as its pages use it, in a history kept in memory. */
function Where() {
  const location = useLocation();
  return (
    <output data-testid="where" data-key={location.key}>
      {`${location.pathname}${location.search}${location.hash}|${JSON.stringify(location.state)}`}
    </output>
  );
}

let navigateChanges = 0;

function Back() {
  const navigate = useNavigate();
  // Counts the identities navigate has had: an effect depending on it must not run again after a navigation.
  useEffect(() => void (navigateChanges += 1), [navigate]);
  return <button onClick={() => void navigate(-1)}>back</button>;
}

function Ad() {
  const { id } = useParams();
  return <p data-testid="ad">{id}</p>;
}

function Filters() {
  const [params, setParams] = useSearchParams();
  return <button onClick={() => setParams({ brand: 'toyota', page: params.get('page') ?? '1' }, { replace: true })}>filter {params.get('page')}</button>;
}

function Broken(): never {
  throw new Error('page failed');
}

function Failure() {
  return <p role="alert">{(useRouteError() as Error).message}</p>;
}

function App({ entries }: { entries: string[] }) {
  return (
    <MemoryRouter initialEntries={entries}>
      <NavLink to="/" end>
        home
      </NavLink>
      <NavLink to="/searchingOpportunities">results</NavLink>
      <Link to="/opportunity/ad%201" state={{ from: 'list' }}>
        open
      </Link>
      <Link to={{ search: '?page=2', hash: '#cards' }}>page 2</Link>
      <Back />
      <Where />
      <Switch>
        <Route path="/opportunity/:id">
          <Ad />
        </Route>
        <Route path="/searchingOpportunities">
          <Filters />
        </Route>
        <Route path="/old">
          <Navigate to="/searchingOpportunities?page=3" replace />
        </Route>
      </Switch>
    </MemoryRouter>
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('the app router', () => {
  it('follows a link with its state, decodes the parameters, and goes back to the entry the visit began on', async () => {
    navigateChanges = 0;
    render(<App entries={['/searchingOpportunities?page=1']} />);
    expect(screen.getByTestId('where').dataset.key).toBe('default');
    const initialChanges = navigateChanges;
    expect(screen.getByText('results').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('results').className).toBe('active');
    expect(screen.getByText('home').getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByText('open'));
    await waitFor(() => expect(where()).toBe('/opportunity/ad%201|{"from":"list"}'));
    expect(screen.getByTestId('ad').textContent).toBe('ad 1');
    expect(screen.getByTestId('where').dataset.key).not.toBe('default');
    expect(screen.getByText('results').getAttribute('aria-current')).toBeNull();

    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect(where()).toBe('/searchingOpportunities?page=1|null'));
    expect(screen.getByTestId('where').dataset.key).toBe('default');
    expect(navigateChanges).toBe(initialChanges);
  });

  it('sets the query in place (replace), keeps the path for a link with only a query and hash, and leaves a modified click to the browser', async () => {
    render(<App entries={['/', '/searchingOpportunities?page=2']} />);
    fireEvent.click(screen.getByText('filter 2'));
    await waitFor(() => expect(where()).toBe('/searchingOpportunities?brand=toyota&page=2|null'));
    // Replaced: back leaves the results for the home, not for the unfiltered results.
    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect(where()).toBe('/|null'));
    expect(screen.getByText('home').getAttribute('aria-current')).toBe('page');

    expect(screen.getByText('page 2').getAttribute('href')).toBe('/?page=2#cards');
    const modified = fireEvent.click(screen.getByText('open'), { ctrlKey: true });
    expect(modified).toBe(true);
    expect(where()).toBe('/|null');
  });

  it('redirects with Navigate, replacing the entry', async () => {
    render(<App entries={['/', '/old']} />);
    await waitFor(() => expect(where()).toBe('/searchingOpportunities?page=3|null'));
    fireEvent.click(screen.getByText('back'));
    await waitFor(() => expect(where()).toBe('/|null'));
  });
});

function Guarded() {
  const { key } = useLocation();
  return (
    <RouteErrorBoundary resetKey={key} fallback={<Failure />}>
      <Switch>
        <Route path="/broken">
          <Broken />
        </Route>
        <Route>
          <p>fine</p>
        </Route>
      </Switch>
    </RouteErrorBoundary>
  );
}

describe('a query set by a page being left', () => {
  it('is dropped: the entry being opened keeps its path while its chunk loads', async () => {
    let loaded: (page: { default: () => React.JSX.Element }) => void = () => undefined;
    const UserAds = lazy(() => new Promise<{ default: () => React.JSX.Element }>((resolve) => (loaded = resolve)));
    render(
      <MemoryRouter initialEntries={['/searchingOpportunities?page=1']}>
        <Link to="/userAds?userId=u1">ads</Link>
        <Where />
        <Switch>
          <Route path="/searchingOpportunities">
            <Filters />
          </Route>
          <Route path="/userAds">
            <UserAds />
          </Route>
        </Switch>
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByText('ads'));
    // The results stay shown (a transition) while the next page's chunk loads; their filter fires now
    // (as a debounced one does after a click).
    expect(where()).toBe('/searchingOpportunities?page=1|null');
    fireEvent.click(screen.getByText('filter 1'));
    await act(async () => loaded({ default: () => <h1>ads of u1</h1> }));
    await screen.findByText('ads of u1');
    expect(where()).toBe('/userAds?userId=u1|null');
  });
});

describe('the error boundary between the layout and the page', () => {
  it('shows the error in place of the page, and the next navigation clears it', async () => {
    const quiet = console.error;
    console.error = () => undefined;
    try {
      render(
        <MemoryRouter initialEntries={['/broken']}>
          <Link to="/">home</Link>
          <Guarded />
        </MemoryRouter>,
      );
      expect(screen.getByRole('alert').textContent).toBe('page failed');
      fireEvent.click(screen.getByText('home'));
      await screen.findByText('fine');
      expect(screen.queryByRole('alert')).toBeNull();
    } finally {
      console.error = quiet;
    }
  });
});
