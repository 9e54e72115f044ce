import {
  findBrand,
  findCanton,
  findDistrict,
  findProvince,
  formatDateTime,
  formatMoney,
  ID_TYPE_LABELS,
  LEVEL_LABELS,
  localize,
  PAYMENT_METHOD_LABELS,
  translate,
  type Locale,
} from '@ruedas/domain';
import { invoiceChanged, readEvent, topics } from '@ruedas/events';
import { consumeEvents, type DocumentStore, type EventBus, type Logger, type Mailer, type MailMessage, type Subscription } from '@ruedas/platform';
import type { AdDoc, BillingCollections, InvoiceDoc } from './store';

/** What a receipt says: the paid invoice, its buyer and, for an ad, the car it paid for. */
export interface Receipt {
  invoice: Pick<
    InvoiceDoc,
    '_id' | 'codigoint' | 'kind' | 'level' | 'quickApproval' | 'planQuantity' | 'amount' | 'paymentMethod' | 'electronicInvoice' | 'paidAt'
  >;
  buyer: { email: string; fullName: string; language: Locale };
  ad: Pick<AdDoc, 'brand' | 'model' | 'year'> | null;
}

/**
 * The receipt mailed after a payment (issue 13), in the buyer's language: invoice number, date,
 * items, total, payment method and, when the buyer gave them, the electronic-invoice details. One
 * mail per invoice (the idempotency key), however often the PAID event is delivered.
 */
export function receiptMail({ invoice, buyer, ad }: Receipt): MailMessage {
  const locale = buyer.language;
  const money = (amount: number) => formatMoney(amount, 'CRC', locale);
  const level = localize(LEVEL_LABELS[invoice.level], locale);
  const car = ad?.brand ? [findBrand(ad.brand)?.label[locale] ?? ad.brand, ad.model, ad.year].filter(Boolean).join(' ') : '';
  let item: string;
  if (invoice.kind === 'PLAN') {
    const unit = invoice.planQuantity > 0 ? Math.round((invoice.amount / invoice.planQuantity) * 100) / 100 : invoice.amount;
    item = translate('receiptItemPlan', locale, { level, quantity: invoice.planQuantity, unit: money(unit) });
  } else if (invoice.level === 'FREE' && invoice.quickApproval) {
    item = translate('receiptItemQuickApproval', locale, { car });
  } else {
    item = translate('receiptItemAd', locale, { level, car });
  }
  const line = (key: Parameters<typeof translate>[0], value: string) => `${translate(key, locale)}: ${value}`;
  const lines = [
    translate('receiptGreeting', locale, { name: buyer.fullName }),
    '',
    translate('receiptIntro', locale),
    '',
    line('receiptInvoiceNumber', invoice.codigoint),
    line('receiptDate', invoice.paidAt ? formatDateTime(invoice.paidAt) : ''),
    `${translate('receiptItems', locale)}:`,
    `  - ${item}: ${money(invoice.amount)}`,
    line('receiptTotal', money(invoice.amount)),
    line('receiptMethod', invoice.paymentMethod ? localize(PAYMENT_METHOD_LABELS[invoice.paymentMethod], locale) : ''),
    '',
  ];
  const e = invoice.electronicInvoice;
  if (e) {
    const place = [findDistrict(e.district)?.name, findCanton(e.canton)?.name, findProvince(e.province)?.name].filter(Boolean).join(', ');
    lines.push(
      `${translate('receiptElectronicInvoice', locale)}:`,
      `  ${line('receiptIdentification', `${localize(ID_TYPE_LABELS[e.idType], locale)} ${e.identification}`.trim())}`,
      `  ${line('receiptName', e.fullname)}`,
      `  ${line('receiptAddress', [e.address, place].filter(Boolean).join(', '))}`,
      `  ${line('receiptEmail', e.email)}`,
      `  ${line('receiptPhone', e.phone)}`,
      translate('receiptElectronicInvoiceNote', locale),
    );
  } else {
    lines.push(translate('receiptNoElectronicInvoice', locale));
  }
  lines.push('', translate('receiptThanks', locale));
  return {
    to: buyer.email,
    subject: translate('receiptSubject', locale, { invoice: invoice.codigoint }),
    text: `${lines.join('\n')}\n`,
    idempotencyKey: `receipt:${invoice._id}`,
  };
}

/**
 * Billing's own `billing.invoice` events: each invoice that becomes PAID (card, or a transfer an
 * administrator confirmed) is receipted by mail to its buyer. Read from billing's store, so the
 * electronic-invoice details (which no event carries) are in it.
 */
export function mailReceipts(deps: {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  collections: BillingCollections;
  mailer: Mailer;
}): Promise<Subscription> {
  return consumeEvents({
    ...deps,
    group: 'billing-receipts',
    topics: [topics.billingInvoice],
    dedupe: 'eventId',
    handle: async (envelope) => {
      const event = readEvent(invoiceChanged, envelope);
      if (!event || event.payload.change !== 'PAID') return;
      const invoice = await deps.collections.invoices.findById(event.payload.invoice.id);
      const buyer = invoice ? await deps.collections.users.findById(invoice.userId) : null;
      if (!invoice || !buyer?.email) {
        deps.logger.warn({ invoiceId: event.payload.invoice.id }, 'a paid invoice without a known buyer: no receipt');
        return;
      }
      const ad = invoice.opportunityId ? await deps.collections.ads.findById(invoice.opportunityId) : null;
      await deps.mailer.send(receiptMail({ invoice, buyer: { email: buyer.email, fullName: buyer.fullName, language: buyer.language ?? 'es' }, ad }));
    },
  });
}
