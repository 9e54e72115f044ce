import type { IncomingMessage, ServerResponse } from 'node:http';
import { escapeHtml } from '@ruedas/platform';
import type { FakeIntent, FakeSession } from './fake-types';

/** The fake's hosted checkout page (card form, SINPE Móvil, the outcome), in Spanish or English, and its routes `/pay/:sessionId`. */

export { escapeHtml };

export function money(minor: number, currency: string): string {
  const major = minor / 100;
  return currency === 'USD' ? `$${major.toFixed(2)}` : `₡${major.toLocaleString('es-CR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The page of a session: its outcome once paid, the pending transfer, else the forms (with a notice after a refused card). */
export function hostedPage(session: FakeSession, intent: FakeIntent | undefined, lang: 'es' | 'en', notice = ''): string {
  const es = lang === 'es';
  const amount = money(session.amountTotal, session.currency);
  const head =
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>ONVO Checkout</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:0 auto;padding:1rem}label{display:block;margin-top:.5rem;` +
    `font-weight:600}input{width:100%;padding:.6rem;font-size:1rem;box-sizing:border-box}button,a.button{display:block;width:100%;margin-top:1rem;` +
    `padding:.75rem;font-size:1rem;min-height:44px;text-align:center;box-sizing:border-box}.alert{border:2px solid #c92a2a;padding:.5rem;` +
    `margin-top:1rem}</style></head><body><main>
<p><strong>ONVO Checkout</strong> · ${es ? 'modo de prueba (simulado)' : 'test mode (simulated)'}</p>` +
    `<h1>${escapeHtml(session.lineItems[0]?.description ?? '')}</h1><p>${es ? 'Total' : 'Total'}: <strong ` +
    `data-testid="onvo-amount">${escapeHtml(amount)}</strong></p>`;
  const foot = `</main></body></html>`;
  const action = `/pay/${encodeURIComponent(session.id)}?lang=${lang}`;
  if (session.status === 'COMPLETED') {
    return (
      `${head}<p role="status">${es ? 'Pago aprobado.' : 'Payment approved.'}</p><a class="button" ` +
      `href="${escapeHtml(session.redirectUrl)}">${es ? 'Volver al comercio' : 'Back to the merchant'}</a>${foot}`
    );
  }
  if (intent?.status === 'processing') {
    const transfer = es
      ? `Transfiera exactamente ${escapeHtml(amount)} al +506 7019 6686. Confirmaremos el pago al recibirla.`
      : `Transfer exactly ${escapeHtml(amount)} to +506 7019 6686. The payment is confirmed once it arrives.`;
    return (
      `${head}<h2>${es ? 'Transferencia SINPE Móvil pendiente' : 'SINPE Móvil transfer pending'}</h2>
<p>${transfer}</p>
<form method="post" action="${action}"><button name="action" ` +
      `value="sinpe-arrived">${es ? 'Simular la transferencia recibida (prueba)' : 'Simulate the transfer arriving (test)'}</button></form>
<a class="button" href="${escapeHtml(session.redirectUrl)}">${es ? 'Volver al comercio' : 'Back to the merchant'}</a>${foot}`
    );
  }
  const sinpe =
    session.currency === 'CRC'
      ? `<form method="post" action="${action}"><h2>SINPE Móvil</h2><button name="action" ` +
        `value="sinpe">${es ? 'Pagar con SINPE Móvil' : 'Pay with SINPE Móvil'}</button></form>`
      : '';
  return `${head}${notice ? `<div class="alert" role="alert">${escapeHtml(notice)}</div>` : ''}
<form method="post" action="${action}"><h2>${es ? 'Tarjeta' : 'Card'}</h2>
<label for="number">${es ? 'Número de tarjeta' : 'Card number'}</label><input id="number" name="number" inputmode="numeric" autocomplete="cc-number">
<label for="expiry">${es ? 'Vencimiento (MM/AA)' : 'Expiry (MM/YY)'}</label><input id="expiry" name="expiry" autocomplete="cc-exp">
<label for="cvv">CVV</label><input id="cvv" name="cvv" inputmode="numeric" autocomplete="cc-csc">
<label for="holder">${es ? 'Nombre en la tarjeta' : 'Name on the card'}</label><input id="holder" name="holder" autocomplete="cc-name">
<button name="action" value="card">${es ? 'Pagar' : 'Pay'} ${escapeHtml(amount)}</button></form>
${sinpe}
<a class="button" href="${escapeHtml(session.cancelUrl)}">${es ? 'Cancelar y volver' : 'Cancel and go back'}</a>${foot}`;
}

/** What the hosted page acts on: the fake's sessions and intents, and the buyer's payment steps. */
export interface HostedBuyer {
  sessions: Map<string, FakeSession>;
  intents: Map<string, FakeIntent>;
  payWithCard(sessionId: string, cardNumber: string): Promise<'approved' | 'declined' | 'invalid' | 'closed'>;
  paySinpe(sessionId: string): Promise<void>;
  receiveSinpe(sessionId: string, ok?: boolean): Promise<void>;
}

const html = (response: ServerResponse, status: number, body: string) => {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(body);
};

const pageOf = (buyer: HostedBuyer, session: FakeSession, lang: 'es' | 'en', notice = '') =>
  hostedPage(session, session.paymentIntentId ? buyer.intents.get(session.paymentIntentId) : undefined, lang, notice);

/** `GET /pay/:sessionId` shows the session's page; a POST is one of its forms (card, SINPE Móvil, the test transfer). */
export async function hostedCheckout(buyer: HostedBuyer, request: IncomingMessage, response: ServerResponse, url: URL, body: string): Promise<void> {
  const sessionId = decodeURIComponent(url.pathname.slice('/pay/'.length));
  const lang = url.searchParams.get('lang') === 'en' ? 'en' : 'es';
  const session = buyer.sessions.get(sessionId);
  if (!session)
    return html(
      response,
      404,
      `<!doctype html><html lang="${lang}"><body><h1>${lang === 'es' ? 'Este enlace de pago no existe.' : 'This payment link does not exist.'}</h1>` +
        `</body></html>`,
    );
  if (request.method === 'GET') return html(response, 200, pageOf(buyer, session, lang));
  const form = Object.fromEntries(new URLSearchParams(body));
  const redirect = (location: string) => {
    response.writeHead(303, { location, 'cache-control': 'no-store' });
    response.end();
  };
  if (form.action === 'sinpe') {
    await buyer.paySinpe(sessionId);
    return html(response, 200, pageOf(buyer, session, lang));
  }
  if (form.action === 'sinpe-arrived') {
    await buyer.receiveSinpe(sessionId, true);
    return redirect(session.redirectUrl);
  }
  const outcome = await buyer.payWithCard(sessionId, String(form.number ?? ''));
  if (outcome === 'approved' || outcome === 'closed') return redirect(session.redirectUrl);
  const notice =
    outcome === 'declined'
      ? lang === 'es'
        ? 'La tarjeta fue rechazada. Pruebe con otra tarjeta.'
        : 'The card was declined. Try another card.'
      : lang === 'es'
        ? 'Use una tarjeta de prueba de ONVO.'
        : 'Use an ONVO test card.';
  return html(response, 422, pageOf(buyer, session, lang, notice));
}
