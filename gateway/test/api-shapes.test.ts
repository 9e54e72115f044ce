// Full services, not light subgraph fixtures: the phone format must agree across listings, identity and the insights counts;
// the gateway only forwards them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishAdAs, startStack, type Json, type Stack } from './stack';

// Issue 32 item 11, as another team's client reads the GraphQL API: funnel counts are whole numbers,
// and a phone reads the same ("8888-1234") on the ad, its contact and the seller's info.

let stack: Stack;
let ad: string;

beforeAll(async () => {
  stack = await startStack({ admin: 'ADMINISTRATOR', seller: 'ADVERTISER' });
  ad = await publishAdAs(stack, stack.accounts.seller!.token, stack.accounts.admin!.token, { phoneList: [{ phone: '71748164', phoneType: 'WHATSAPP' }] });
}, 60_000);
afterAll(() => stack?.stop());

describe('the shapes of the published API', () => {
  it('one phone format on the ad, its contact and sellerInfo, over GraphQL and REST', async () => {
    const seller = stack.accounts.seller!.id;
    const data = await stack.data(
      `query($id: ID!, $seller: ID!) { opportunity(id: $id) { phoneList { phone } } opportunityContact(id: $id) { phones { phone } } sellerInfo(sellerId: $seller) { phones { phone } } }`,
      { id: ad, seller },
    );
    expect(data.opportunity.phoneList).toEqual([{ phone: '7174-8164' }]);
    expect(data.opportunityContact.phones).toEqual([{ phone: '7174-8164' }]);
    // The seller's account was saved as 88881234.
    expect(data.sellerInfo.phones).toEqual([{ phone: '8888-1234' }]);
    expect((await stack.api('GET', `/users/sellerInfo/${seller}`)).body.phones[0].phone).toBe('8888-1234');
  });

  it('funnel counts are whole numbers (Int); the old Float totals stay, deprecated', async () => {
    const types = await stack.data(
      `{ counts: __type(name: "AdFunnelCounts") { fields { name type { ofType { name } } } }
         insights: __type(name: "AdInsights") { fields(includeDeprecated: true) { name isDeprecated type { ofType { name } } } } }`,
    );
    expect(new Set((types.counts.fields as Json[]).map((field) => field.type.ofType.name))).toEqual(new Set(['Int']));
    const fields = Object.fromEntries((types.insights.fields as Json[]).map((field) => [field.name, field]));
    expect(fields.counts).toMatchObject({ isDeprecated: false, type: { ofType: { name: 'AdFunnelCounts' } } });
    expect(fields.totals).toMatchObject({ isDeprecated: true });
    const insights = await stack.data(
      'query($id: ID!) { opportunityInsights(opportunityId: $id) { counts { impressions views whatsappContacts phoneContacts favourites shares } } }',
      { id: ad },
      stack.accounts.seller!.token,
    );
    for (const value of Object.values(insights.opportunityInsights.counts)) expect(Number.isInteger(value)).toBe(true);
  });
});
