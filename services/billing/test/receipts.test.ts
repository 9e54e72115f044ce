import { formatDateTime } from '@ruedas/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUY_PLAN, checkout, CONFIRM, createAd, eventually, payAtSandbox, startBilling, type Harness } from './harness';

/** Issue 13 item 10: a receipt is mailed after every payment, in the buyer's language. */
let h: Harness;

beforeAll(async () => {
  h = await startBilling();
});
afterAll(() => h.stop());

const E_INVOICE = {
  idType: 'JURIDIC_ID',
  identification: '3-101-123456',
  fullname: 'Autos del Valle S.A.',
  address: '200 m norte de la iglesia',
  email: 'facturas@autosdelvalle.cr',
  phone: '2222 3333',
  province: '1',
  canton: '101',
  district: '10101',
};

async function pay(redirectUrl: string) {
  const paid = await payAtSandbox(h, redirectUrl);
  const confirmed = await h.b(CONFIRM, { response: paid.response });
  expect(confirmed.data?.confirmPayment.outcome).toBe('APPROVED');
}

describe('the payment page', () => {
  it('names the level in the buyer\'s language, never its code (issue 13: no "BRONZE" on a Spanish page)', async () => {
    const seller = await h.user();
    const id = await createAd(h, seller, { level: 'BRONZE' });
    const started = await checkout(h, seller, id);
    const url = new URL(started.redirectUrl);
    const spanish = await h.web.inject({ method: 'GET', url: `${url.pathname}?lang=es` });
    expect(spanish.body).toContain(`Ruedas: anuncio Bronce (factura ${started.invoice.codigoint})`);
    expect(spanish.body).not.toContain('BRONZE');
    const buyer = await h.user('ADVERTISER', { language: 'en' });
    const bought = await h.b(BUY_PLAN, { plan: { planLevel: 'SILVER', totalOpportunities: 10 } }, buyer.token);
    const page = await h.web.inject({ method: 'GET', url: new URL(bought.data!.buyPlan.redirectUrl).pathname });
    expect(page.body).not.toContain('SILVER');
  });
});

describe('receipts', () => {
  it('mails a Spanish receipt for a paid gold ad: invoice number, the car, amount, method and the electronic-invoice details', async () => {
    const seller = await h.user('ADVERTISER', { language: 'es' });
    const id = await createAd(h, seller, { level: 'GOLD', brand: 'HYUNDAI', model: 'Tucson', year: 2019 });
    const started = await checkout(h, seller, id, E_INVOICE);
    expect(await h.mails(seller.email)).toEqual([]);
    await pay(started.redirectUrl);
    const [mail, ...more] = await eventually(async () => {
      const sent = await h.mails(seller.email);
      return sent.length > 0 ? sent : null;
    });
    expect(more).toEqual([]);
    const invoice = (await h.collections.invoices.findById(started.invoice.id))!;
    expect(mail!.subject).toBe(`Recibo de su pago en Ruedas (factura ${invoice.codigoint})`);
    const amount = `₡${invoice.amount.toLocaleString('de-DE')}`;
    expect(mail!.text).toContain(`Hola ${seller.fullName}:`);
    expect(mail!.text).toContain(`Factura N.º: ${invoice.codigoint}`);
    expect(mail!.text).toContain(`Fecha del pago: ${formatDateTime(invoice.paidAt!)}`);
    expect(mail!.text).toContain(`  - Anuncio Oro: Hyundai Tucson 2019: ${amount}`);
    expect(mail!.text).toContain(`Total pagado: ${amount}`);
    expect(mail!.text).toContain('Medio de pago: Tarjeta de débito o crédito');
    expect(mail!.text).toContain('Identificación: Cédula jurídica 3-101-123456');
    expect(mail!.text).toContain('Nombre: Autos del Valle S.A.');
    expect(mail!.text).toContain('Dirección: 200 m norte de la iglesia, Carmen, San José, San José');
    expect(mail!.text).toContain('Correo electrónico: facturas@autosdelvalle.cr');
    expect(mail!.text).toContain('Teléfono: 2222 3333');

    // The same PAID event delivered again (a consumer replaying its topic) mails nothing more.
    await h.restartBilling();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.mails(seller.email)).toHaveLength(1);
  });

  it('mails an English receipt for a plan to a buyer who reads English, without electronic-invoice details when none were given', async () => {
    const buyer = await h.user('ADVERTISER', { language: 'en' });
    const bought = await h.b(BUY_PLAN, { plan: { planLevel: 'GOLD', totalOpportunities: 10 } }, buyer.token);
    await pay(bought.data!.buyPlan.redirectUrl);
    const [mail] = await eventually(async () => {
      const sent = await h.mails(buyer.email);
      return sent.length > 0 ? sent : null;
    });
    const invoice = (await h.collections.invoices.findById(bought.data!.buyPlan.invoice.id))!;
    const money = (value: number) => `₡${value.toLocaleString('en-US')}`;
    expect(mail!.subject).toBe(`Receipt for your Ruedas payment (invoice ${invoice.codigoint})`);
    expect(mail!.text).toContain(`  - Gold plan: 10 ads at ${money(invoice.amount / 10)} each: ${money(invoice.amount)}`);
    expect(mail!.text).toContain(`Total paid: ${money(invoice.amount)}`);
    expect(mail!.text).toContain('Payment method: Debit or credit card');
    expect(mail!.text).toContain('You did not ask for an electronic invoice for this payment.');
    expect(mail!.text).not.toContain('Electronic invoice details');
  });

  it('mails nothing for an invoice that is not paid', async () => {
    const seller = await h.user();
    const id = await createAd(h, seller, { level: 'SILVER' });
    const started = await checkout(h, seller, id);
    await payAtSandbox(h, started.redirectUrl, { cardNumber: '4000 0000 0000 0002' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await h.mails(seller.email)).toEqual([]);
  });
});
