import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, opportunityChanged, topics, type OpportunitySnapshot } from '@ruedas/events';
import { escapeHtml } from '../src';
import { jpeg, startMedia, upload, type Media } from './harness';

let media: Media;
beforeAll(async () => {
  media = await startMedia();
});
afterAll(async () => media.stop());

function snapshot(overrides: Partial<OpportunitySnapshot> = {}): OpportunitySnapshot {
  return {
    id: randomUUID(),
    brand: 'TOYOTA',
    model: 'Corolla',
    year: 2015,
    style: 'SEDAN',
    fuelType: 'GASOLINE',
    transmissionType: 'AUTOMATIC',
    motorSizeCC: 1800,
    mileage: 120000,
    mileageUnit: 'KM',
    exteriorColor: 'Gris',
    interiorColor: 'Negro',
    price: 8_500_000,
    transferPrice: 0,
    currency: 'CRC',
    priceCrc: 8_500_000,
    payTaxes: true,
    passengersNumber: 5,
    province: '1',
    canton: '102',
    district: '10201',
    knownDamage: '',
    extraList: [],
    attachmentIds: [],
    phoneList: [{ phone: '88881234', phoneType: 'WHATSAPP' }],
    status: 'PUBLIC_ONLINE',
    level: 'FREE',
    message: '',
    autoApproval: false,
    publishedAt: '2025-02-01T12:00:00.000Z',
    expiresAt: '2025-02-15T12:00:00.000Z',
    seller: { id: randomUUID(), fullName: 'Ana Mora', userType: 'PERSON', testUser: false },
    ...overrides,
  };
}

async function publish(ad: OpportunitySnapshot, version: number) {
  const event = createEvent(opportunityChanged, {
    aggregateId: ad.id,
    aggregateVersion: version,
    actor: { kind: 'user', id: ad.seller.id },
    payload: { opportunity: ad, change: 'UPDATED', previousStatus: null },
  });
  await media.bus.publish(topics.listingsOpportunity, [{ key: ad.id, value: event }]);
}

const page = async (path: string, headers: Record<string, string> = {}) => {
  const response = await fetch(`${media.url}${path}`, { headers });
  return { response, html: await response.text() };
};
const meta = (html: string, name: string) => new RegExp(`<meta (?:property|name)="${name}" content="([^"]*)">`).exec(html)?.[1];
/** Waits until the consumer has applied the ad (its title or the neutral one shows). */
const previewOf = async (id: string, expectedTitle: string, query = '') => {
  await expect.poll(async () => meta((await page(`/preview/${id}${query}`)).html, 'og:title'), { timeout: 10_000 }).toBe(expectedTitle);
  return page(`/preview/${id}${query}`);
};

describe('share page', () => {
  it('gives a public ad a card: title, price and place, the cover photo as an absolute URL, and sends people on to the ad', async () => {
    const seller = await media.signIn();
    const [cover] = (await upload(media, [{ name: 'c.jpg', bytes: await jpeg(2000, 1500) }], seller.token)).body as string[];
    const ad = snapshot({ attachmentIds: [cover!] });
    await publish(ad, 1);
    const { response, html } = await previewOf(ad.id, 'Toyota Corolla 2015');
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(meta(html, 'og:description')).toBe('₡8.500.000 · Escazú, San José');
    expect(meta(html, 'og:image')).toBe(`https://ruedas.test/api/v1/attachment/${cover}`);
    expect([meta(html, 'og:image:width'), meta(html, 'og:image:height')]).toEqual(['1600', '1200']);
    expect(meta(html, 'og:url')).toBe(`https://ruedas.test/preview/${ad.id}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(meta(html, 'twitter:title')).toBe('Toyota Corolla 2015');
    expect(html).toContain(`<meta http-equiv="refresh" content="0; url=/opportunity/${ad.id}">`);
    expect(html).toContain(`<a href="/opportunity/${ad.id}">`);

    const thumb = await page(`/preview/${ad.id}?thumb=true`, { 'accept-language': 'en' });
    expect(meta(thumb.html, 'og:image')).toBe(`https://ruedas.test/api/v1/attachment/${cover}?thumb=true`);
    expect(meta(thumb.html, 'og:image:width')).toBe('400');
    expect(meta(thumb.html, 'og:description')).toBe('₡8,500,000 · Escazú, San José');
  });

  it('follows later snapshots and ignores older ones; an ad that is no longer public gets the neutral card', async () => {
    const ad = snapshot({ price: 12_000, currency: 'USD', brand: 'HONDA', model: 'Civic', year: 2018 });
    await publish(ad, 2);
    await previewOf(ad.id, 'Honda Civic 2018');
    await publish({ ...ad, model: 'Old' }, 1);
    // The embedded bus hands one group its messages in log order: once this later ad shows, the
    // older snapshot above has been handled (and skipped).
    const later = snapshot({ model: 'Yaris' });
    await publish(later, 1);
    await previewOf(later.id, 'Toyota Yaris 2015');
    expect(meta((await page(`/preview/${ad.id}`)).html, 'og:title')).toBe('Honda Civic 2018');
    expect(meta((await page(`/preview/${ad.id}`)).html, 'og:description')).toBe('$12.000 · Escazú, San José');

    await publish({ ...ad, status: 'SOLD' }, 3);
    const { html } = await previewOf(ad.id, 'Ruedas: carros usados en Costa Rica');
    expect(meta(html, 'og:image')).toBeUndefined();
    expect(meta(html, 'twitter:card')).toBe('summary');
    expect(html).toContain(`url=/opportunity/${ad.id}`);
  });

  it('gives an unknown ad the neutral card, still redirecting', async () => {
    const { response, html } = await page('/preview/no-such-ad');
    expect(response.status).toBe(200);
    expect(meta(html, 'og:title')).toBe('Ruedas: carros usados en Costa Rica');
    expect(html).toContain('url=/opportunity/no-such-ad');
  });

  it('escapes everything it writes into the page', async () => {
    const ad = snapshot({ model: '"><script>alert(1)</script>', brand: 'OTHER' });
    await publish(ad, 1);
    const { html } = await previewOf(ad.id, escapeHtml('Otra marca "><script>alert(1)</script> 2015'));
    expect(html).not.toContain('<script>');
    expect(html).toContain('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    const hostile = await page(`/preview/${encodeURIComponent('x"><img src=x onerror=alert(1)>')}`);
    expect(hostile.html).not.toContain('<img');
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});
