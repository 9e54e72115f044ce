// Full services, not light subgraph fixtures: saved searches, alert mails and the unsubscribe token are search's, identity's
// and the mailer's work end to end.
import { describe, expect, it } from 'vitest';
import { translate } from '@ruedas/domain';
import { adInput, eventually, publishAdAs, type Json, type Stack } from './stack';
import { stackForFile } from './stack-for-file';

// Saved searches and alerts over REST (/api/v1/alerts/...) and the one-click unsubscribe of RFC 8058
// (POST /unsubscribe?token=...), with every real subgraph in process behind the gateway and the
// outbox mailer writing the alert mails.

let stack: Stack;
const people = { admin: 'ADMINISTRATOR', seller: 'ADVERTISER', buyer: 'ADVERTISER', other: 'ADVERTISER' } as const;

stackForFile(people, async (started) => {
  stack = started;
});

const token = (name: keyof typeof people) => stack.accounts[name]!.token;

const publishAd = (overrides: Json) => publishAdAs(stack, token('seller'), token('admin'), overrides);

describe('saved searches over REST', () => {
  it('saves, lists, changes and deletes for the owner only; refuses visitors and bad input in the caller’s language', async () => {
    const saved = await stack.api('POST', '/alerts/protected/savedSearches', {
      token: token('buyer'),
      body: { name: 'Tucson', frequency: 'DAILY', filter: { text: 'hiunday tucson', yearFrom: 2015, priceTo: '' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ name: 'Tucson', frequency: 'DAILY', paused: false, filter: { text: 'hiunday tucson', yearFrom: 2015, priceTo: null } });
    const id = saved.body.id as string;
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('buyer') })).body).toEqual([expect.objectContaining({ id })]);
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('other') })).body).toEqual([]);
    const foreign = await stack.api('PUT', `/alerts/protected/savedSearches/${id}`, { token: token('other'), body: { paused: true }, language: 'en' });
    expect(foreign).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: translate('savedSearchNotFound', 'en') } });
    expect((await stack.api('DELETE', `/alerts/protected/savedSearches/${id}`, { token: token('other') })).status).toBe(404);
    expect((await stack.api('GET', '/alerts/protected/savedSearches')).status).toBe(401);
    const bad = await stack.api('POST', '/alerts/protected/savedSearches', {
      token: token('buyer'),
      body: { name: '', frequency: 'INSTANT', filter: { yearFrom: 2020, yearTo: 2010 } },
      language: 'en',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fields).toEqual({
      name: { messageKey: 'invalidSavedSearchName', message: translate('invalidSavedSearchName', 'en') },
      'filter.yearTo': { messageKey: 'invalidYearRange', message: translate('invalidYearRange', 'en') },
    });
    const badEs = await stack.api('POST', '/alerts/protected/savedSearches', {
      token: token('buyer'),
      body: { name: 'x', frequency: 'SOMETIMES', filter: {} },
    });
    expect(badEs.status).toBe(400);
    expect(
      (await stack.api('PUT', `/alerts/protected/savedSearches/${id}`, { token: token('buyer'), body: { name: 'Tucson 2015+', paused: true } })).body,
    ).toMatchObject({ name: 'Tucson 2015+', paused: true });
    expect((await stack.api('DELETE', `/alerts/protected/savedSearches/${id}`, { token: token('buyer') })).body).toBe(true);
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('buyer') })).body).toEqual([]);
  });

  it('mails an instant alert with RFC 8058 headers; the one-click POST pauses it without a session', async () => {
    const saved = await stack.api('POST', '/alerts/protected/savedSearches', {
      token: token('buyer'),
      body: { name: 'Corolla', frequency: 'INSTANT', filter: { text: 'toyta corola' } },
    });
    expect(saved.status).toBe(200);
    const ad = await publishAd({ model: 'Corolla' });
    const mail = await eventually(async () => {
      const found = (await stack.mailer.list()).find((one) => one.to === stack.accounts.buyer!.email && one.text.includes(ad));
      if (!found) throw new Error('no alert yet');
      return found;
    });
    expect(mail.subject).toBe('Nuevo anuncio para «Corolla»: Toyota Corolla 2018');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = new URL(/^<([^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!);
    expect(url.pathname).toBe('/unsubscribe');

    const forged = await stack.inject({
      method: 'POST',
      url: `/unsubscribe?token=${encodeURIComponent(url.searchParams.get('token')!.slice(0, -2))}AA`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.body).toBe(translate('invalidUnsubscribeToken', 'en'));
    const oneClick = await stack.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.statusCode).toBe(200);
    expect(oneClick.body).toBe(translate('alertUnsubscribed', 'es'));
    expect((await stack.api('GET', '/alerts/protected/savedSearches', { token: token('buyer') })).body).toEqual([
      expect.objectContaining({ id: saved.body.id, paused: true, alertsSent: 1 }),
    ]);
    // The same by the REST path (a second time changes nothing).
    expect((await stack.api('POST', '/alerts/unsubscribe', { body: { token: url.searchParams.get('token') } })).body).toEqual({ unsubscribed: 'Corolla' });
  });
});

describe('favourite alerts over REST', () => {
  it('turns the global toggle on, refuses another user’s favourite, and unsubscribes by token', async () => {
    const ad = await publishAd({ model: 'Yaris', price: 7_000_000 });
    expect((await stack.api('POST', '/users/protected/myWishList', { token: token('buyer'), body: { id: ad } })).status).toBe(200);
    expect((await stack.api('PUT', '/alerts/protected/favourites', { token: token('buyer'), body: { allFavourites: true } })).body).toEqual({
      allFavourites: true,
      paused: false,
      chosen: [],
    });
    expect((await stack.api('PUT', `/alerts/protected/favourites/${ad}`, { token: token('other'), body: { enabled: true } })).status).toBe(404);
    expect((await stack.api('PUT', `/alerts/protected/favourites/${ad}`, { token: token('buyer'), body: { enabled: 'yes' } })).status).toBe(400);
    const edited = await stack.graphql(
      'mutation($id: ID!, $input: OpportunityInput!) { updateOpportunity(id: $id, input: $input) { id } }',
      { id: ad, input: adInput({ model: 'Yaris', price: 6_500_000 }) },
      { token: token('seller') },
    );
    expect(edited.errors).toBeUndefined();
    const mail = await eventually(async () => {
      const found = (await stack.mailer.list()).find((one) => one.to === stack.accounts.buyer!.email && one.subject.startsWith('Bajó de precio'));
      if (!found) throw new Error('no price-drop alert yet');
      return found;
    });
    expect(mail.text).toContain('de ₡7.000.000 a ₡6.500.000');
    const tokenOf = new URL(/^<([^>]+)>/.exec(mail.headers?.['List-Unsubscribe'] ?? '')![1]!).searchParams.get('token')!;
    expect(
      (
        await stack.inject({
          method: 'POST',
          url: `/unsubscribe?token=${encodeURIComponent(tokenOf)}`,
          headers: { 'content-type': 'multipart/form-data; boundary=x' },
          payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
        })
      ).statusCode,
    ).toBe(200);
    expect((await stack.api('GET', '/alerts/protected/favourites', { token: token('buyer') })).body).toMatchObject({ paused: true });
  });
});
