// Full services, not light subgraph fixtures: typed documents of another team read what identity, listings, search and
// billing answer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { print } from 'graphql';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import {
  PartnerLoginDocument as PARTNER_LOGIN,
  PartnerPurchasesDocument as PARTNER_PURCHASES,
  PartnerSearchDocument as PARTNER_SEARCH,
} from './client/generated/operations';
import { adInput, eventually, PASSWORD, startStack, type Stack } from './stack';

// Schema-first typed operations, as another team writes them: documents (client/operations.graphql) checked
// against the published schema (schema/supergraph-api.graphql) by GraphQL Code Generator, sent to the gateway.

let stack: Stack;

/** One typed operation over HTTP: the answer has the operation's own result type. */
async function send<TData, TVariables>(document: TypedDocumentNode<TData, TVariables>, variables: TVariables, token?: string) {
  const answer = await stack.graphql(print(document), variables as Record<string, unknown>, token ? { token } : {});
  return answer as { data?: TData | null; errors?: Array<{ path?: Array<string | number>; extensions?: Record<string, unknown> }> };
}

beforeAll(async () => {
  stack = await startStack({ seller: 'ADVERTISER', admin: 'ADMINISTRATOR' });
  const seller = stack.accounts.seller!;
  const { createOpportunity } = await eventually(() =>
    stack.data(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput({ model: 'Yaris', price: 7_250_000 }) },
      seller.token,
    ),
  );
  await stack.data(
    'mutation($id: ID!) { updateOpportunityStatus(id: $id, status: PUBLIC_ONLINE) { id } }',
    { id: createOpportunity.id },
    stack.accounts.admin!.token,
  );
}, 60_000);
afterAll(() => stack?.stop());

describe('typed operations of another team', () => {
  it('signs in and reads the session end as an ISO 8601 DateTime', async () => {
    const { data } = await send(PARTNER_LOGIN, { email: stack.accounts.seller!.email, password: PASSWORD });
    expect(data?.login.token).toEqual(expect.any(String));
    expect(new Date(data!.login.validUntil).toISOString()).toBe(data!.login.validUntil);
  });

  it('searches as a visitor: typed page, money and facets, and FORBIDDEN only at the private e-mail', async () => {
    const answer = await eventually(async () => {
      const found = await send(PARTNER_SEARCH, { filter: { text: 'yaris' }, page: 1, pageSize: 10 });
      if (!found.data?.searchOpportunities.totalItems) throw new Error('not indexed yet');
      return found;
    });
    const page = answer.data!.searchOpportunities;
    expect({ page: page.page, pageSize: page.pageSize, totalPages: page.totalPages }).toEqual({ page: 1, pageSize: 10, totalPages: 1 });
    const [ad] = page.items;
    expect(ad?.askingPrice).toEqual({ amount: '7250000.00', currency: 'CRC' });
    expect(ad?.user.fullName).toBe('Seller Mora');
    expect(ad?.user.email).toBeNull();
    expect(answer.errors?.map((error) => [error.path?.join('.'), error.extensions?.code])).toEqual([['searchOpportunities.items.0.user.email', 'FORBIDDEN']]);
    expect(page.facets.find((facet) => facet.key === 'YEAR')?.values[0]?.number).toBe(2018);
  });

  it('reads an administrator report with Date arguments and Money and Date answers', async () => {
    const { data, errors } = await send(PARTNER_PURCHASES, { firstDay: '2026-01-01', lastDay: '2026-01-07' }, stack.accounts.admin!.token);
    expect(errors).toBeUndefined();
    expect(data!.userPurchases).toEqual([]);
    expect(data!.dashboard.periodData).toMatchObject({ firstDay: '2026-01-01', lastDay: '2026-01-07' });
    expect(data!.dashboard.periodData.chartSeries.paid.days).toEqual([
      '2026-01-01',
      '2026-01-02',
      '2026-01-03',
      '2026-01-04',
      '2026-01-05',
      '2026-01-06',
      '2026-01-07',
    ]);
    expect(data!.dashboard.generalData.revenue).toEqual({ amount: '0.00', currency: 'CRC' });
  });
});
