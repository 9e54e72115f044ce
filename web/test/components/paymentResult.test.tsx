import type { MockLink } from '@apollo/client/testing';
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter } from '../../src/router';
import { describe, expect, it } from 'vitest';
import { AdPaymentResultPage, PlanPaymentResultPage } from '../../src/pages/publish/PaymentResultPage';
import { REFRESH_PAYMENT } from '../../src/publish/billing';
import { MockedApollo, renderInApp } from './render';

/** The result pages on a return from a provider that sends ?invoice= (ONVO Pay): billing's refreshPayment answers. */
type Outcome = 'APPROVED' | 'DECLINED' | 'CANCELLED' | 'PENDING' | 'DEFERRED';

const answer = (outcome: Outcome, kind: 'OPPORTUNITY' | 'PLAN' = 'OPPORTUNITY'): MockLink.MockedResponse => ({
  request: { query: REFRESH_PAYMENT, variables: { invoiceId: 'inv-1' } },
  result: {
    data: {
      refreshPayment: {
        __typename: 'PaymentResult',
        outcome,
        invoiceId: 'inv-1',
        kind,
        opportunityId: kind === 'OPPORTUNITY' ? 'ad-1' : null,
        total: { __typename: 'Money', amount: '25000.00', currency: 'CRC' },
        isPayed: outcome === 'APPROVED',
        plan: kind === 'PLAN' ? { __typename: 'PlanPurchase', planLevel: 'GOLD', totalOpportunities: 10 } : null,
      },
    },
  },
});

function renderResult(path: string, mocks: MockLink.MockedResponse[], language: 'es' | 'en' = 'es', plan = false) {
  return renderInApp(
    <MockedApollo mocks={mocks}>
      <MemoryRouter initialEntries={[path]}>{plan ? <PlanPaymentResultPage /> : <AdPaymentResultPage />}</MemoryRouter>
    </MockedApollo>,
    language,
  );
}

describe('the payment result pages after ONVO Pay', () => {
  it('paid: the ad is published', async () => {
    await renderResult('/paymentResultView?invoice=inv-1', [answer('APPROVED')]);
    expect((await screen.findByTestId('payment-paid')).textContent).toContain('Pago completado: su anuncio está publicado.');
  });

  it('pending before the webhook, paid when asked again after it', async () => {
    await renderResult('/paymentResultView?invoice=inv-1', [answer('PENDING'), answer('APPROVED')]);
    const pending = await screen.findByTestId('payment-pending');
    expect(pending.textContent).toContain('Todavía no recibimos la confirmación del pago');
    expect(screen.getByRole('status').textContent).toContain('Esta página se actualiza sola');
    fireEvent.click(screen.getByRole('button', { name: 'Consultar de nuevo' }));
    expect((await screen.findByTestId('payment-paid')).textContent).toContain('su anuncio está publicado');
  });

  it('deferred (SINPE Móvil awaiting approval), in English, for a plan', async () => {
    await renderResult('/buyPlanResult?invoice=inv-1', [answer('DEFERRED', 'PLAN')], 'en', true);
    expect((await screen.findByTestId('payment-deferred')).textContent).toContain('Your SINPE Móvil payment is awaiting approval. The plan is credited');
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });

  it('declined, with a way to try again', async () => {
    await renderResult('/paymentResultView?invoice=inv-1', [answer('DECLINED')]);
    expect((await screen.findByTestId('payment-declined')).textContent).toContain('El pago fue rechazado');
    expect(screen.getByRole('link', { name: 'Intentar de nuevo' }).getAttribute('href')).toBe('/opportunityRegister');
  });

  it("back from ONVO's cancel link with nothing paid: cancelled (in English)", async () => {
    await renderResult('/paymentResultView?invoice=inv-1&cancelled=1', [answer('PENDING')], 'en');
    expect((await screen.findByTestId('payment-cancelled')).textContent).toContain('The payment was cancelled.');
  });
});
