import { fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Switch, useLocation } from '../../src/router';
import { describe, expect, it } from 'vitest';
import DashboardPage from '../../src/pages/admin/DashboardPage';
import UserPurchasesPage from '../../src/pages/admin/UserPurchasesPage';
import { DASHBOARD, USER_PURCHASES } from '../../src/reports/operations';
import { MockedApollo, renderInApp } from './render';

const crc = (amount: number) => ({ __typename: 'Money' as const, amount: amount.toFixed(2) });

const block = (
  fullName: string,
  totalPaid: number,
  totalPurchasesQuantity: number,
  levels: Partial<Record<'gold' | 'silver' | 'bronze' | 'free', number>> = {},
) => ({
  __typename: 'PurchaseBlock' as const,
  userFullName: fullName,
  paid: crc(totalPaid),
  totalPurchasesQuantity,
  goldQuantity: levels.gold ?? 0,
  goldPaid: crc(0),
  silverQuantity: levels.silver ?? 0,
  silverPaid: crc(0),
  bronzeQuantity: levels.bronze ?? 0,
  bronzePaid: crc(0),
  freeQuantity: levels.free ?? 0,
});

const purchaser = (userId: string, fullName: string, ads: [number, number], plans: [number, number]) => ({
  __typename: 'UserPurchases' as const,
  userId,
  user: { __typename: 'User' as const, id: userId, fullName, email: `${userId}@example.com` },
  opportunities: block(fullName, ads[0], ads[1], { bronze: ads[1] }),
  plans: block(fullName, plans[0], plans[1], { gold: plans[1] * 10 }),
});

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

async function renderPurchases(language: 'es' | 'en') {
  const mocks = [
    {
      request: { query: USER_PURCHASES, variables: { firstDay: '2026-11-01', lastDay: '2026-11-23' } },
      result: {
        data: {
          userPurchases: [purchaser('u-plan', 'Daniela Mora', [0, 0], [1_250_000, 1]), purchaser('u-ads', 'Minor Badilla', [16_000.5, 2], [0, 0])],
        },
      },
    },
    { request: { query: USER_PURCHASES, variables: { firstDay: '2026-10-15', lastDay: '2026-11-23' } }, result: { data: { userPurchases: [] } } },
  ];
  return renderInApp(
    <MockedApollo mocks={mocks}>
      <MemoryRouter initialEntries={['/userPurchases/2026-11-01/2026-11-23']}>
        <Switch>
          <Route path="/userPurchases/:startDate/:endDate">
            <UserPurchasesPage />
          </Route>
        </Switch>
        <Where />
      </MemoryRouter>
    </MockedApollo>,
    language,
  );
}

const names = () =>
  within(screen.getByTestId('purchases'))
    .getAllByTestId('purchaser')
    .map((cell) => cell.textContent);

describe('UserPurchasesPage', () => {
  it('lists the purchases with colones, sorts by the headers and keeps the order in the address', async () => {
    await renderPurchases('es');
    await screen.findByTestId('purchases');
    expect(screen.getByTestId('purchases-period').textContent).toBe('Compras del 01-11-2026 al 23-11-2026: 2 usuarios');
    expect(names()).toEqual(['Daniela Mora', 'Minor Badilla']);
    expect(screen.getByTestId('purchases-total-paid').textContent).toBe('₡1.266.000,50');
    fireEvent.click(screen.getByRole('button', { name: 'Cantidad' }));
    expect(names()).toEqual(['Minor Badilla', 'Daniela Mora']);
    expect(screen.getByTestId('where').textContent).toBe('/userPurchases/2026-11-01/2026-11-23?sort=quantity&dir=desc');
    expect(screen.getByRole('columnheader', { name: 'Cantidad' }).getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(screen.getByRole('button', { name: 'Usuario' }));
    expect(names()).toEqual(['Daniela Mora', 'Minor Badilla']);
    expect(screen.getByRole('link', { name: 'Facturas de Minor Badilla' }).getAttribute('href')).toBe('/userInvoices/u-ads');
    expect(screen.getByRole('link', { name: 'Datos de Minor Badilla' }).getAttribute('href')).toBe('/adminUserMaintenance?userId=u-ads');
    expect(screen.getByRole('link', { name: 'Anuncios de Minor Badilla' }).getAttribute('href')).toBe('/userOpportunitiesViewAdmin?userId=u-ads');
  });

  it('speaks English with English separators, and a date change goes to the new route', async () => {
    await renderPurchases('en');
    await screen.findByTestId('purchases');
    expect(screen.getByTestId('purchases-total-paid').textContent).toBe('₡1,266,000.50');
    expect(screen.getByRole('button', { name: 'Total paid' })).toBeTruthy();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-24' } });
    expect(screen.getByRole('alert').textContent).toBe('The start date must be on or before the end date.');
    expect(screen.getByTestId('where').textContent).toBe('/userPurchases/2026-11-01/2026-11-23');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-10-15' } });
    expect(screen.getByTestId('where').textContent).toBe('/userPurchases/2026-10-15/2026-11-23');
    expect(await screen.findByText('Nobody bought anything in this period.')).toBeTruthy();
  });
});

const ads = (free: number, bronze: number, silver: number, gold: number) => ({
  __typename: 'DashboardAdsSummary' as const,
  totalCreated: free + bronze + silver + gold,
  totalFree: free,
  totalPaid: bronze + silver + gold,
  totalGoldLevel: gold,
  totalSilverLevel: silver,
  totalBronzeLevel: bronze,
  immediateApproval: 1,
});
const plans = (created: number) => ({
  __typename: 'DashboardPlanCount' as const,
  totalCreated: created,
  totalOpportunities: created * 10,
  totalGoldLevel: created,
  totalSilverLevel: 0,
  totalBronzeLevel: 0,
});
const summary = (revenue: number, adCounts: [number, number, number, number]) => ({
  __typename: 'DashboardSummary' as const,
  revenue: crc(revenue),
  opportunitiesSummary: ads(...adCounts),
  inPlanOpportunitiesSummary: ads(0, 0, 0, 0),
  paidOpportunitiesSummary: ads(0, adCounts[1], 0, 0),
  plansSummary: { __typename: 'DashboardPlansSummary' as const, paidPlans: plans(1), sponsoredPlans: plans(0) },
  renewingSummary: { __typename: 'DashboardRenewingSummary' as const, pending: 3, expired: 1 },
  usersSummary: {
    __typename: 'DashboardUsersSummary' as const,
    totalCreated: 1234,
    organic: 1200,
    impersonalSummary: { __typename: 'DashboardImpersonalSummary' as const, totalRegistered: 34, totalConfirmed: 30, totalNoConfirmed: 4 },
  },
});
const series = (data: number[]) => ({ __typename: 'DashboardSeries' as const, labels: ['2026-11-21', '2026-11-22', '2026-11-23'], data });

const dashboardMock = {
  request: { query: DASHBOARD, variables: { from: null, to: null } },
  result: {
    data: {
      dashboard: {
        __typename: 'Dashboard' as const,
        generalData: summary(2_500_000, [100, 20, 10, 5]),
        periodData: {
          __typename: 'DashboardPeriod' as const,
          from: '2026-11-21',
          to: '2026-11-23',
          summary: summary(141_000, [4, 2, 0, 1]),
          chartSeries: { __typename: 'DashboardChartSeries' as const, free: series([1, 0, 3]), paid: series([2, 0, 1]) },
          totalReportedOpportunities: 2,
          searches: 3,
          usersPurchases: 2,
          clickedOpportunities: [
            { __typename: 'DashboardClickedOpportunity' as const, opportunityId: 'ad-9', brand: 'TOYOTA', model: 'Yaris', year: 2019, clicks: 4 },
          ],
          topBrandModelSearches: [{ __typename: 'DashboardBrandModelSearch' as const, brand: 'TOYOTA', model: 'Yaris', searches: 2 }],
          countedOpportunitiesByBrand: [{ __typename: 'DashboardBrandCount' as const, brand: 'TOYOTA', total: 7 }],
        },
      },
    },
  },
};

describe('DashboardPage', () => {
  it('shows the headline figures formatted for the language, the charts and the linked most-contacted ad', async () => {
    await renderInApp(
      <MockedApollo mocks={[dashboardMock]}>
        <MemoryRouter initialEntries={['/dashboard']}>
          <DashboardPage />
        </MemoryRouter>
      </MockedApollo>,
      'en',
    );
    expect((await screen.findByTestId('general-revenue')).textContent).toBe('₡2,500,000');
    expect(screen.getByTestId('period-revenue').textContent).toBe('₡141,000');
    expect(screen.getByTestId('general-users').textContent).toBe('1,234');
    expect(screen.getByTestId('period-ads').textContent).toBe('7');
    expect(screen.getByRole('heading', { level: 2, name: 'Period from 21-11-2026 to 23-11-2026' })).toBeTruthy();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2026-11-21');
    const perDay = screen.getByTestId('chart-ads-per-day');
    expect(within(perDay).getByRole('img', { name: /Ads created per day/ })).toBeTruthy();
    expect(perDay.querySelectorAll('rect[data-series]')).toHaveLength(4);
    expect(screen.getByTestId('chart-ads-by-level').querySelector('g[data-category="Gold"] rect[data-series]')?.getAttribute('data-value')).toBe('1');
    expect(screen.getByTestId('chart-top-searches').querySelector('g[data-category="Toyota Yaris"]')).toBeTruthy();
    expect(within(screen.getByTestId('most-contacted')).getByRole('link', { name: 'Toyota Yaris 2019' }).getAttribute('href')).toBe('/opportunity/ad-9');
  });
});
