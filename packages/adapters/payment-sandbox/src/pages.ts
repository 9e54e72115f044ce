import { escapeHtml, formatMoney, type Locale } from '@ruedas/domain';
import type { SandboxCheckoutDoc } from './checkouts';
import { SANDBOX_PATH, TEST_CARDS, type Outcome } from './protocol';

/** The hosted checkout's pages (card form, SINPE wait, outcomes) in both languages, and the card form's rule. */

export const TEXT = {
  es: {
    title: 'Pago seguro (entorno de pruebas)',
    sandbox: 'Entorno de pruebas: no se cobra dinero real.',
    amount: 'Monto a pagar',
    card: 'Número de tarjeta',
    expiry: 'Vencimiento (MM/AA)',
    cvc: 'Código de seguridad (CVC)',
    holder: 'Nombre en la tarjeta',
    pay: 'Pagar',
    cancel: 'Cancelar el pago',
    cards: 'Tarjetas de prueba',
    approve: 'aprobada',
    decline: 'rechazada',
    cancelled: 'cancelada por el banco',
    errors: 'Revise los datos de la tarjeta:',
    badCard: 'Use una de las tarjetas de prueba.',
    badExpiry: 'Ingrese un vencimiento futuro con formato MM/AA.',
    badCvc: 'Ingrese 3 o 4 dígitos.',
    badHolder: 'Ingrese el nombre como aparece en la tarjeta.',
    paid: 'Este pago ya fue aprobado.',
    back: 'Volver al sitio',
    unknown: 'Este pago no existe o ya no está disponible.',
    other: 'English',
    sinpe: 'Usar SINPE Móvil (simulado)',
    sinpeWaiting: 'Esperando la transferencia SINPE Móvil',
    sinpeHelp: 'En producción, el comprador transfiere el monto exacto por SINPE Móvil y el proveedor confirma el pago cuando la recibe.',
    sinpeArrive: 'Simular que llegó la transferencia',
    declineAfter: 'Simular que la transferencia no llegó',
  },
  en: {
    title: 'Secure payment (sandbox)',
    sandbox: 'Sandbox: no real money is charged.',
    amount: 'Amount to pay',
    card: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code (CVC)',
    holder: 'Name on the card',
    pay: 'Pay',
    cancel: 'Cancel the payment',
    cards: 'Test cards',
    approve: 'approved',
    decline: 'declined',
    cancelled: 'cancelled by the bank',
    errors: 'Check the card details:',
    badCard: 'Use one of the test cards.',
    badExpiry: 'Enter a future expiry as MM/YY.',
    badCvc: 'Enter 3 or 4 digits.',
    badHolder: 'Enter the name as it appears on the card.',
    paid: 'This payment was already approved.',
    back: 'Back to the site',
    unknown: 'This payment does not exist or is no longer available.',
    other: 'Español',
    sinpe: 'Use SINPE Móvil (simulated)',
    sinpeWaiting: 'Waiting for the SINPE Móvil transfer',
    sinpeHelp: 'In production, the buyer transfers the exact amount through SINPE Móvil and the provider confirms the payment once it arrives.',
    sinpeArrive: 'Simulate the transfer arriving',
    declineAfter: 'Simulate the transfer not arriving',
  },
} as const;

export { escapeHtml };

const STYLE =
  `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#1a1b1e;background:#f1f3f5}
main{max-width:28rem;margin:0 auto;padding:1rem}h1{font-size:1.35rem;margin:.5rem 0}.card{background:#fff;border-radius:8px;padding:1rem;box-shadow:0 ` +
  `1px 3px #0002}
.note{background:#fff3bf;padding:.5rem .75rem;border-radius:6px}.amount{font-size:1.5rem;font-weight:700}
label{display:block;font-weight:600;margin-top:.75rem}input{width:100%;font-size:1rem;padding:.6rem;border:1px solid #868e96;border-radius:6px}
input[aria-invalid=true]{border-color:#c92a2a}.error{color:#c92a2a;margin:.25rem 0 0}.row{display:flex;gap:.75rem}.row>div{flex:1;min-width:0}
button{width:100%;font-size:1rem;padding:.75rem;margin-top:1rem;border-radius:6px;border:0;cursor:pointer;min-height:44px}
.pay{background:#1c7ed6;color:#fff}.cancel{background:#e9ecef;color:#1a1b1e}button:focus-visible,input:focus-visible,a:focus-visible{outline:3px ` +
  `solid #f59f00;outline-offset:2px}
.alert{border:2px solid #c92a2a;border-radius:6px;padding:.5rem .75rem;margin-top:.75rem}code{font-size:.95rem}ul{padding-left:1.25rem}`;

export type FieldErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvc' | 'holder', string>>;

export function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export function formPage(checkout: SandboxCheckoutDoc, locale: Locale, errors: FieldErrors = {}, values: Record<string, string> = {}): string {
  const t = TEXT[locale];
  const other: Locale = locale === 'es' ? 'en' : 'es';
  const action = `${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${locale}`;
  const field = (name: keyof FieldErrors, label: string, attributes: string) => {
    const error = errors[name];
    return `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" ${attributes} value="${escapeHtml(values[name] ?? '')}"${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  const summary = Object.keys(errors).length
    ? `<div class="alert" role="alert"><strong>${escapeHtml(t.errors)}</strong><ul>${Object.values(errors)
        .map((e) => `<li>${escapeHtml(e)}</li>`)
        .join('')}</ul></div>`
    : '';
  return page(
    locale,
    t.title,
    `<p><a href="${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${other}" lang="${other}">${t.other}</a></p>
<h1>${escapeHtml(t.title)}</h1><p class="note">${escapeHtml(t.sandbox)}</p>
<div class="card"><p>${escapeHtml(checkout.description)}</p><p>${escapeHtml(t.amount)}: <span ` +
      `class="amount">${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</span></p>
${summary}<form method="post" action="${action}" novalidate>
${field('cardNumber', t.card, 'inputmode="numeric" autocomplete="cc-number" required')}
<div class="row"><div>${field('expiry', t.expiry, 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM/AA" required')}</div>
<div>${field('cvc', t.cvc, 'inputmode="numeric" autocomplete="cc-csc" required')}</div></div>
${field('holder', t.holder, 'autocomplete="cc-name" required')}
<button class="pay" type="submit" name="action" value="pay">${escapeHtml(t.pay)} ${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</button>
<button class="cancel" type="submit" name="action" value="sinpe" formnovalidate>${escapeHtml(t.sinpe)}</button>
<button class="cancel" type="submit" name="action" value="cancel" formnovalidate>${escapeHtml(t.cancel)}</button>
</form></div>
<h2>${escapeHtml(t.cards)}</h2><ul><li><code>4242 4242 4242 4242</code>: ${t.approve}</li><li><code>5555 5555 5555 4444</code>: ${t.approve}</li>
<li><code>4000 0000 0000 0002</code>: ${t.decline}</li><li><code>4000 0000 0000 0069</code>: ${t.cancelled}</li></ul>`,
  );
}

/** Checks the card form; answers the outcome of a test card, or the field errors. */
export function judgeCard(form: Record<string, string>, locale: Locale, now: Date): { outcome: Outcome } | { errors: FieldErrors } {
  const t = TEXT[locale];
  const errors: FieldErrors = {};
  const number = (form.cardNumber ?? '').replace(/[\s-]/g, '');
  const outcome = TEST_CARDS[number];
  if (!outcome) errors.cardNumber = t.badCard;
  const expiry = /^(\d{2})\s*\/\s*(\d{2})$/.exec((form.expiry ?? '').trim());
  const month = expiry ? Number(expiry[1]) : 0;
  const year = expiry ? 2000 + Number(expiry[2]) : 0;
  const endOfMonth = Date.UTC(year, month, 1);
  if (!expiry || month < 1 || month > 12 || endOfMonth <= now.getTime()) errors.expiry = t.badExpiry;
  if (!/^\d{3,4}$/.test((form.cvc ?? '').trim())) errors.cvc = t.badCvc;
  if ((form.holder ?? '').trim().length < 2) errors.holder = t.badHolder;
  return Object.keys(errors).length || !outcome ? { errors } : { outcome };
}

export function sinpePage(checkout: SandboxCheckoutDoc, locale: Locale): string {
  const t = TEXT[locale];
  const action = `${SANDBOX_PATH}/${encodeURIComponent(checkout._id)}?lang=${locale}`;
  return page(
    locale,
    t.title,
    `<h1>${escapeHtml(t.sinpeWaiting)}</h1><p class="note">${escapeHtml(t.sandbox)}</p>
<div class="card"><p>${escapeHtml(checkout.description)}</p><p>${escapeHtml(t.amount)}: <span ` +
      `class="amount">${escapeHtml(formatMoney(checkout.amount, 'CRC', locale))}</span></p>
<p>${escapeHtml(t.sinpeHelp)}</p><form method="post" action="${action}">
<button class="pay" type="submit" name="action" value="sinpe-arrived">${escapeHtml(t.sinpeArrive)}</button>
<button class="cancel" type="submit" name="action" value="sinpe-failed">${escapeHtml(t.declineAfter)}</button></form></div>`,
  );
}
