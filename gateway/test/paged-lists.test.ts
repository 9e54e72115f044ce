// Full services, not light subgraph fixtures: the paged fields, their page sizes and their order are each service's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { costaRicaDay } from '@ruedas/domain';
import { JPEG } from './fixtures/red-jpeg';
import { adInput, eventually, payAtSandbox, startStack, type Json, type Stack } from './stack';

// Issue 32 item 12: the lists that answered everything at once have a paged field beside them, in
// the one page shape (items, page, pageSize, totalItems, totalPages), a bounded page size and the
// same order; the old fields still answer (deprecated where replaced).

let stack: Stack;
const token = (name: string) => stack.accounts[name]!.token;
const ads: string[] = [];
const invoices: string[] = [];

/** A multipart upload of one JPEG per name. */
function upload(names: string[]) {
  const boundary = `----ruedas${Math.random().toString(36).slice(2)}`;
  const parts = names.flatMap((name) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: image/jpeg\r\n\r\n`),
    JPEG,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

beforeAll(async () => {
  stack = await startStack({ seller: 'ADVERTISER', admin: 'ADMINISTRATOR' });
  // Three GOLD ads checked out (three open invoices); the first paid, then cancelled (a refund); the second waits for a transfer.
  for (const model of ['Corolla', 'Yaris', 'Rav4']) {
    const created = await stack.data(
      'mutation($input: OpportunityInput!) { createOpportunity(input: $input) { id } }',
      { input: adInput({ model, level: 'GOLD' }) },
      token('seller'),
    );
    const id = created.createOpportunity.id as string;
    const checkout = await eventually(() =>
      stack.data(
        'mutation($id: ID!) { checkoutOpportunity(opportunityId: $id, level: GOLD, autoApproval: false) { redirectUrl invoice { id } } }',
        { id },
        token('seller'),
      ),
    );
    ads.push(id);
    invoices.push(checkout.checkoutOpportunity.invoice.id as string);
    if (ads.length === 1) {
      const { response } = await payAtSandbox(stack, checkout.checkoutOpportunity.redirectUrl as string);
      await stack.data('mutation($r: String!) { confirmPayment(response: $r) { isPayed } }', { r: response });
      await eventually(() => stack.data('mutation($id: ID!) { cancelOpportunityPayment(opportunityId: $id) { refund { id } } }', { id }, token('seller')));
    }
  }
  await stack.data('mutation($id: ID!) { submitTransferReference(invoiceId: $id, refnum: "123456") { id } }', { id: invoices[1] }, token('seller'));
}, 120_000);
afterAll(() => stack?.stop());

const PAGE = 'page pageSize totalItems totalPages';

describe('paged lists beside the old ones', () => {
  it("pages the seller's invoices newest first, as the old list orders them, with totals", async () => {
    const all = (await stack.data('{ myInvoices { id } }', {}, token('seller'))).myInvoices.map((invoice: Json) => invoice.id);
    expect(all).toEqual([...invoices].reverse());
    const first = (await stack.data(`{ myInvoicePage(pageSize: 2) { items { id } ${PAGE} } }`, {}, token('seller'))).myInvoicePage;
    expect(first).toEqual({ items: all.slice(0, 2).map((id: string) => ({ id })), page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    const second = (await stack.data(`{ myInvoicePage(page: 2, pageSize: 2) { items { id } ${PAGE} } }`, {}, token('seller'))).myInvoicePage;
    expect(second.items).toEqual([{ id: all[2] }]);
    // An administrator reads the same pages of that user; the default size is ITEMS_PER_LIST (10).
    const admin = (
      await stack.data(`query($u: ID!) { userInvoicePage(userId: $u) { items { id } ${PAGE} } }`, { u: stack.accounts.seller!.id }, token('admin'))
    ).userInvoicePage;
    expect(admin).toEqual({ items: all.map((id: string) => ({ id })), page: 1, pageSize: 10, totalItems: 3, totalPages: 1 });
  });

  it('pages the pending transfers and the refunds for administrators only', async () => {
    const pending = (await stack.data(`{ pendingTransferPage { items { id status } ${PAGE} } }`, {}, token('admin'))).pendingTransferPage;
    expect(pending).toEqual({ items: [{ id: invoices[1], status: 'TRANSFER_PENDING' }], page: 1, pageSize: 10, totalItems: 1, totalPages: 1 });
    const refunds = (await stack.data(`{ refundPage(status: PENDING) { items { id status } ${PAGE} } }`, {}, token('admin'))).refundPage;
    expect(refunds).toEqual({ items: [{ id: invoices[0], status: 'PENDING' }], page: 1, pageSize: 10, totalItems: 1, totalPages: 1 });
    expect((await stack.data('{ refundPage(status: DONE) { totalItems totalPages items { id } } }', {}, token('admin'))).refundPage).toEqual({
      totalItems: 0,
      totalPages: 0,
      items: [],
    });
    const refused = await stack.graphql('{ refundPage { totalItems } }', {}, { token: token('seller') });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it("pages the purchases report and an ad's status changes", async () => {
    const today = costaRicaDay(new Date());
    const purchases = (
      await stack.data(
        `query($d: Date!) { userPurchasePage(firstDay: $d, lastDay: $d, pageSize: 1) { items { userId } ${PAGE} } }`,
        { d: today },
        token('admin'),
      )
    ).userPurchasePage;
    const old = (await stack.data('query($d: Date!) { userPurchases(firstDay: $d, lastDay: $d) { userId } }', { d: today }, token('admin'))).userPurchases;
    expect(purchases).toMatchObject({ page: 1, pageSize: 1, totalItems: old.length, totalPages: old.length });
    expect(purchases.items).toEqual(old.slice(0, 1));
    const history = (await stack.data('query($id: ID!) { statusHistory(opportunityId: $id) { status } }', { id: ads[0] }, token('seller'))).statusHistory;
    expect(history.length).toBeGreaterThan(1);
    const page = (
      await stack.data(
        `query($id: ID!) { statusHistoryPage(opportunityId: $id, page: 2, pageSize: 1) { items { status } ${PAGE} } }`,
        { id: ads[0] },
        token('seller'),
      )
    ).statusHistoryPage;
    expect(page).toEqual({ items: [history[1]], page: 2, pageSize: 1, totalItems: history.length, totalPages: history.length });
  });

  it("pages the seller's ad figures and photos", async () => {
    const figures = (await stack.data(`{ myAdInsightsPage(days: 7, pageSize: 2) { items { opportunity { id } } ${PAGE} } }`, {}, token('seller')))
      .myAdInsightsPage;
    expect(figures).toEqual({ items: [{ opportunity: { id: ads[2] } }, { opportunity: { id: ads[1] } }], page: 1, pageSize: 2, totalItems: 3, totalPages: 2 });
    const uploaded = await stack.api('POST', '/attachment/protected', { token: token('seller'), ...upload(['a.jpg', 'b.jpg', 'c.jpg']) });
    expect(uploaded.status).toBe(200);
    const all = (await stack.data('{ myPhotos { id } }', {}, token('seller'))).myPhotos;
    expect(all).toHaveLength(3);
    const pages = [];
    for (const page of [1, 2])
      pages.push(
        (await stack.data(`query($p: Int) { myPhotoPage(page: $p, pageSize: 2) { items { id } ${PAGE} } }`, { p: page }, token('seller'))).myPhotoPage,
      );
    expect(pages.map((page) => [page.totalItems, page.totalPages, page.items.length])).toEqual([
      [3, 2, 2],
      [3, 2, 1],
    ]);
    // One upload stores its photos at once: the pages neither repeat nor skip one.
    expect(new Set(pages.flatMap((page) => page.items.map((item: Json) => item.id)))).toEqual(new Set(all.map((photo: Json) => photo.id)));
  });

  it('bounds the page size to 1..50 and the page from 1, naming the field in the caller language', async () => {
    for (const [query, field, key] of [
      ['{ myInvoicePage(pageSize: 51) { totalItems } }', 'pageSize', 'invalidPageSize'],
      ['{ myInvoicePage(pageSize: 0) { totalItems } }', 'pageSize', 'invalidPageSize'],
      ['{ myInvoicePage(page: 0) { totalItems } }', 'page', 'invalidPageNumber'],
      ['{ myPhotoPage(pageSize: 100) { totalItems } }', 'pageSize', 'invalidPageSize'],
      ['{ myAdInsightsPage(pageSize: 51) { totalItems } }', 'pageSize', 'invalidPageSize'],
    ] as const) {
      const refused = await stack.graphql(query, {}, { token: token('seller') });
      expect(refused.errors?.[0]?.extensions, query).toMatchObject({ code: 'VALIDATION', fields: { [field]: { messageKey: key } } });
    }
  });
});
