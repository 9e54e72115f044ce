import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UNRESOLVED_COMPLAINTS } from '../../src/admin/operations';
import ReportedOpportunitiesPage from '../../src/pages/admin/ReportedOpportunitiesPage';
import { MemoryRouter, Route, Switch, useLocation } from '../../src/router';
import { MockedApollo, renderInApp } from './render';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

const complaint = (id: string) => ({
  __typename: 'Complaint' as const,
  id,
  opportunityId: `ad-${id}`,
  category: 'FRAUD' as const,
  categoryLabel: 'Fraude',
  details: `Reporte ${id}`,
  dateCreated: '2026-11-20T15:00:00.000Z',
  ad: { __typename: 'Opportunity' as const, id: `ad-${id}`, brand: 'TOYOTA', model: 'Yaris', year: 2018, status: 'PUBLIC_ONLINE' as const },
});

const page = (id: string, number: number, next: string | null) => ({
  data: { complaints: { __typename: 'ComplaintPage' as const, next, items: [complaint(id)], page: number, totalItems: 2, totalPages: 2 } },
});

describe('an administrator list that seeks (issue 30)', () => {
  it('asks the next page by the cursor of the page shown (kept in the address), a page before it without', async () => {
    const mocks = [
      { request: { query: UNRESOLVED_COMPLAINTS, variables: { page: 1, after: null } }, result: page('c1', 1, 'CURSOR-OF-PAGE-2') },
      { request: { query: UNRESOLVED_COMPLAINTS, variables: { page: 2, after: 'CURSOR-OF-PAGE-2' } }, result: page('c2', 2, null) },
    ];
    await renderInApp(
      <MockedApollo mocks={mocks}>
        <MemoryRouter initialEntries={['/reportedOpportunities']}>
          <Switch>
            <Route path="/reportedOpportunities">
              <ReportedOpportunitiesPage />
            </Route>
          </Switch>
          <Where />
        </MemoryRouter>
      </MockedApollo>,
    );
    expect(await screen.findByText('Reporte c1')).toBeTruthy();
    // The page after this one (its arrow and its number) is asked by the cursor.
    expect(screen.getByRole('link', { name: 'Página 2' }).getAttribute('href')).toBe('/reportedOpportunities?page=2&after=CURSOR-OF-PAGE-2');
    fireEvent.click(screen.getByRole('link', { name: 'Página siguiente' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reportedOpportunities?page=2&after=CURSOR-OF-PAGE-2'));
    expect(await screen.findByText('Reporte c2')).toBeTruthy();
    // Back to page 1: no cursor (page 1 is read from the start).
    expect(screen.getByRole('link', { name: 'Página anterior' }).getAttribute('href')).toBe('/reportedOpportunities');
  });
});
