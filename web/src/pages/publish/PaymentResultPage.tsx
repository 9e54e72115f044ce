import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { formatMoney, LEVEL_LABELS, localize } from '@ruedas/domain';
import { IconCircleCheck, IconCircleX, IconClockHour4, IconPlayerStop } from '@tabler/icons-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from '../../router';
import { AccountCard } from '../../account/AccountCard';
import { apiError } from '../../data/apiError';
import { useLanguage } from '../../i18n';
import { amountOf } from '../../prices/amount';
import { CONFIRM_PAYMENT, REFRESH_PAYMENT, type PaymentResult } from '../../publish/billing';
import { providerResponse } from '../../publish/payment';
import { wipStore } from '../../publish/wip';

type Purpose = 'ad' | 'plan';

/** While the provider has not answered for good, the page asks again this often, this many times. */
const POLL_MS = 3_000;
const POLLS = 40;

/**
 * /paymentResultView (an ad) and /buyPlanResult (a plan). Two ways back from the provider:
 * - the sandbox's signed response (`?response=`) is handed to billing's confirmPayment once;
 * - a provider that sends `?invoice=<id>` (ONVO Pay) is asked through billing's refreshPayment, again
 *   every few seconds while the answer is PENDING or DEFERRED (its webhook may come before or after).
 * Then the outcome shows: paid (the ad is public at once / the plan's balance grew), pending, deferred
 * (SINPE Móvil awaiting approval), declined or cancelled (with a way to try again).
 */
function PaymentResultView({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { search } = useLocation();
  const [confirm] = useMutation(CONFIRM_PAYMENT);
  const [refresh] = useMutation(REFRESH_PAYMENT);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const polls = useRef(0);
  const response = providerResponse(search);
  const params = new URLSearchParams(search);
  const invoiceId = params.get('invoice')?.trim() ?? '';
  const leftTheProvider = params.get('cancelled') === '1';

  const show = useCallback((answer: PaymentResult) => {
    if (answer.isPayed && answer.opportunityId) wipStore.clear(answer.opportunityId);
    setResult(answer);
  }, []);

  const ask = useCallback(() => {
    refresh({ variables: { invoiceId } })
      .then(({ data }) => data && show(data.refreshPayment))
      .catch((error: unknown) => setFailure(apiError(error).message));
  }, [refresh, invoiceId, show]);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (response) {
      confirm({ variables: { response } })
        .then(({ data }) => data && show(data.confirmPayment))
        .catch((error: unknown) => setFailure(apiError(error).message));
      return;
    }
    if (invoiceId) {
      ask();
      return;
    }
    setFailure(t('payment.noResponse'));
  }, [confirm, response, invoiceId, ask, show, t]);

  // Not final yet: ask again a little later (the provider's webhook may not have arrived).
  const waiting =
    Boolean(invoiceId) && !response && (result?.outcome === 'PENDING' || result?.outcome === 'DEFERRED') && !(leftTheProvider && result?.outcome === 'PENDING');
  useEffect(() => {
    if (!waiting || polls.current >= POLLS) return;
    const timer = setTimeout(() => {
      polls.current += 1;
      ask();
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, result, ask]);

  const retry = purpose === 'plan' ? '/buyPlan' : '/opportunityRegister';
  const title = t(purpose === 'plan' ? 'payment.planTitle' : 'payment.adTitle');

  if (failure) {
    return (
      <AccountCard title={title} size="sm">
        <Alert color="red" role="alert" data-testid="payment-failure">
          {failure}
        </Alert>
        <Button component={Link} to={retry} variant="light">
          {t('payment.retry')}
        </Button>
      </AccountCard>
    );
  }
  if (!result) {
    return (
      <AccountCard title={title} size="sm">
        <Center py="xl">
          <Loader aria-label={t('payment.confirming')} />
        </Center>
      </AccountCard>
    );
  }

  const paid = result.outcome === 'APPROVED' && result.isPayed;
  // Back from the provider's cancel link with nothing paid: the buyer cancelled.
  const cancelled = result.outcome === 'CANCELLED' || (leftTheProvider && result.outcome === 'PENDING');
  const waitingKey = result.outcome === 'DEFERRED' ? 'deferred' : result.outcome === 'PENDING' && !cancelled ? 'pending' : null;
  const what = result.kind === 'PLAN' ? 'plan' : 'ad';
  const key = paid ? 'paid' : cancelled ? 'cancelled' : (waitingKey ?? 'declined');
  return (
    <AccountCard title={title} size="sm">
      <Stack align="center" ta="center" gap="md" data-testid={`payment-${key}`}>
        <ThemeIcon size={56} radius="xl" color={paid ? 'green' : cancelled ? 'gray' : waitingKey ? 'yellow' : 'red'} variant="light">
          {paid ? (
            <IconCircleCheck size={36} />
          ) : cancelled ? (
            <IconPlayerStop size={36} />
          ) : waitingKey ? (
            <IconClockHour4 size={36} />
          ) : (
            <IconCircleX size={36} />
          )}
        </ThemeIcon>
        <Text fw={700} data-testid="result-text" role={waitingKey ? 'status' : undefined} aria-live={waitingKey ? 'polite' : undefined}>
          {t(`payment.${what}.${key}`)}
        </Text>
        {waitingKey && invoiceId && (
          <Button variant="light" onClick={ask}>
            {t('payment.checkAgain')}
          </Button>
        )}
        {paid && result.plan && (
          <Text size="sm">
            {t('payment.plan.bought', {
              count: result.plan.totalOpportunities,
              level: localize(LEVEL_LABELS[result.plan.planLevel], language),
              amount: formatMoney(amountOf(result.total), result.total.currency, language),
            })}
          </Text>
        )}
        {paid && !result.plan && <Text size="sm">{t('payment.amount', { amount: formatMoney(amountOf(result.total), result.total.currency, language) })}</Text>}
        <Group justify="center">
          {paid && result.opportunityId && (
            <Button component={Link} to={`/opportunity/${encodeURIComponent(result.opportunityId)}`}>
              {t('payment.viewAd')}
            </Button>
          )}
          {paid && what === 'plan' && (
            <Button component={Link} to="/opportunityRegister">
              {t('payment.publishNow')}
            </Button>
          )}
          {!paid && !waitingKey && (
            <Button component={Link} to={retry}>
              {t('payment.retry')}
            </Button>
          )}
          <Button component={Link} to="/myOpportunities" variant="light">
            {t('publish.results.continue')}
          </Button>
        </Group>
      </Stack>
    </AccountCard>
  );
}

export const AdPaymentResultPage = () => <PaymentResultView purpose="ad" />;
export const PlanPaymentResultPage = () => <PaymentResultView purpose="plan" />;
