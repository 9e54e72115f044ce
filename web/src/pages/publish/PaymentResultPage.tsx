import { Alert, Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { formatMoney, LEVEL_LABELS, localize } from '@ruedas/domain';
import { IconCircleCheck, IconCircleX, IconPlayerStop } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { AccountCard } from '../../account/AccountCard';
import { apiError } from '../../account/apiError';
import { useLanguage } from '../../i18n';
import { CONFIRM_PAYMENT, type PaymentResult } from '../../publish/billing';
import { providerResponse } from '../../publish/payment';
import { wipStore } from '../../publish/wip';

type Purpose = 'ad' | 'plan';

/**
 * /paymentResultView (an ad) and /buyPlanResult (a plan): the provider's signed response in the
 * address is handed to billing's confirmPayment once, then the outcome shows: paid (the ad is
 * public at once / the plan's balance grew), declined or cancelled (with a way to try again).
 */
function PaymentResultView({ purpose }: { purpose: Purpose }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { search } = useLocation();
  const [confirm] = useMutation(CONFIRM_PAYMENT);
  const [result, setResult] = useState<PaymentResult | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sent = useRef(false);
  const response = providerResponse(search);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!response) {
      setFailure(t('payment.noResponse'));
      return;
    }
    confirm({ variables: { response } })
      .then(({ data }) => {
        if (!data) return;
        const answer = data.confirmPayment;
        if (answer.isPayed && answer.opportunityId) wipStore.clear(answer.opportunityId);
        setResult(answer);
      })
      .catch((error: unknown) => setFailure(apiError(error).message));
  }, [confirm, response, t]);

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
  const cancelled = result.outcome === 'CANCELLED';
  const what = result.kind === 'PLAN' ? 'plan' : 'ad';
  const key = paid ? 'paid' : cancelled ? 'cancelled' : 'declined';
  return (
    <AccountCard title={title} size="sm">
      <Stack align="center" ta="center" gap="md" data-testid={`payment-${key}`}>
        <ThemeIcon size={56} radius="xl" color={paid ? 'green' : cancelled ? 'gray' : 'red'} variant="light">
          {paid ? <IconCircleCheck size={36} /> : cancelled ? <IconPlayerStop size={36} /> : <IconCircleX size={36} />}
        </ThemeIcon>
        <Text fw={700} data-testid="result-text">
          {t(`payment.${what}.${key}`)}
        </Text>
        {paid && result.plan && (
          <Text size="sm">
            {t('payment.plan.bought', {
              count: result.plan.totalOpportunities,
              level: localize(LEVEL_LABELS[result.plan.planLevel], language),
              amount: formatMoney(result.amount, 'CRC', language),
            })}
          </Text>
        )}
        {paid && !result.plan && (
          <Text size="sm">{t('payment.amount', { amount: formatMoney(result.amount, 'CRC', language) })}</Text>
        )}
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
          {!paid && (
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
