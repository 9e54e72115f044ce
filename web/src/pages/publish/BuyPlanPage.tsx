import { ActionIcon, Alert, Button, Card, Center, Group, Loader, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { formatMoney, PLAN_LEVELS, PLAN_MAX_QUANTITY, planPurchaseSchema, translate, validate, type PlanLevel } from '@ruedas/domain';
import { IconAlertCircle, IconCreditCard, IconMinus, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { AccountCard } from '../../account/AccountCard';
import { apiError } from '../../data/apiError';
import { useLanguage } from '../../i18n';
import { BUY_PLAN, invoiceArgument, MIN_PLAN_QUANTITY, usePricesAndBalances } from '../../publish/billing';
import { fieldMessage } from '../../publish/fieldMessage';
import { LevelCard, TotalLine } from '../../publish/purchaseParts';
import { emptyInvoice, InvoiceFields, type InvoiceValues } from '../../publish/InvoiceFields';
import { TermsCheckbox } from '../../account/TermsCheckbox';
import { PlanBalances } from '../../publish/PlanBalances';
import { canAddToPlan, canTakeFromPlan, planQuantityStep, planTotal } from '../../publish/rules';

/** /buyPlan: the minimum quantity comes from billing (MIN_ADS_IN_PLAN); then the form. */
export default function BuyPlanPage() {
  const { t } = useTranslation();
  const limits = useQuery(MIN_PLAN_QUANTITY);
  const minimum = limits.data?.minPlanQuantity;
  return (
    <AccountCard title={t('buyPlan.title')} intro={t('buyPlan.intro')} size="md">
      {minimum ? (
        <BuyPlanForm minimum={minimum} />
      ) : limits.error ? (
        <Alert color="red">{apiError(limits.error).message}</Alert>
      ) : (
        <Center py="md">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
    </AccountCard>
  );
}

function BuyPlanForm({ minimum }: { minimum: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { prices, balances } = usePricesAndBalances();
  const [buyPlan] = useMutation(BUY_PLAN);
  const [planLevel, setPlanLevel] = useState<PlanLevel>('GOLD');
  const [quantity, setQuantity] = useState(String(Math.max(minimum, 10)));
  const [electronicInvoice, setElectronicInvoice] = useState(false);
  const [invoice, setInvoice] = useState<InvoiceValues>(emptyInvoice());
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [attempted, setAttempted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const inFlight = useRef(false);

  const count = /^\d+$/.test(quantity) ? Number(quantity) : Number.NaN;
  const check = validate(planPurchaseSchema(minimum), {
    plan: { planLevel, totalOpportunities: quantity },
    termsAccepted,
    electronicInvoice,
    invoice: electronicInvoice ? invoice : undefined,
  });
  const errors = check.ok ? {} : check.errors;
  const error = (field: string) => fieldMessage(field, errors, {}, attempted, language, { minimum });
  const total = prices && Number.isFinite(count) ? planTotal(prices, planLevel, count) : null;

  async function submit() {
    if (inFlight.current) return;
    setAttempted(true);
    setFailure(null);
    if (!check.ok) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      const { data } = await buyPlan({
        variables: { plan: { planLevel, totalOpportunities: count }, invoice: invoiceArgument(electronicInvoice, invoice) },
      });
      if (data) window.location.assign(data.buyPlan.redirectUrl);
    } catch (cause) {
      setFailure(apiError(cause).message);
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return (
    <Stack gap="lg">
      <PlanBalances balances={balances} />
      <Radio.Group label={t('buyPlan.level')} value={planLevel} onChange={(level) => setPlanLevel(level as PlanLevel)}>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mt="xs">
          {PLAN_LEVELS.map((level) => (
            <LevelCard key={level} level={level} locale={language}>
              <Text size="sm">{prices ? t('buyPlan.perAd', { price: formatMoney(prices.inPlan[level], 'CRC', language) }) : '…'}</Text>
              {prices && (
                <Text size="xs" c="dimmed">
                  {t('buyPlan.instead', { price: formatMoney(prices.single[level], 'CRC', language) })}
                </Text>
              )}
            </LevelCard>
          ))}
        </SimpleGrid>
      </Radio.Group>

      <Stack gap={4}>
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={t('buyPlan.less')}
            disabled={!canTakeFromPlan(Number.isFinite(count) ? count : minimum, minimum)}
            onClick={() => setQuantity(String(planQuantityStep(count, -1, minimum)))}
          >
            <IconMinus size={16} />
          </ActionIcon>
          <TextInput
            label={t('buyPlan.quantity')}
            inputMode="numeric"
            w={120}
            value={quantity}
            onChange={(event) => setQuantity(event.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
            error={error('plan.totalOpportunities')}
          />
          <ActionIcon
            size="lg"
            variant="default"
            aria-label={t('buyPlan.more')}
            disabled={!canAddToPlan(Number.isFinite(count) ? count : PLAN_MAX_QUANTITY)}
            onClick={() => setQuantity(String(planQuantityStep(count, 1, minimum)))}
          >
            <IconPlus size={16} />
          </ActionIcon>
        </Group>
        <Text size="xs" c="dimmed">
          {t('buyPlan.limits', { minimum, maximum: PLAN_MAX_QUANTITY })}
        </Text>
      </Stack>

      <Card withBorder radius="md" padding="md">
        <TotalLine total={total} locale={language} />
      </Card>

      <InvoiceFields
        electronicInvoice={electronicInvoice}
        onElectronicInvoice={setElectronicInvoice}
        invoice={invoice}
        onInvoice={setInvoice}
        error={error}
        locale={language}
      />
      <TermsCheckbox checked={termsAccepted} onChange={setTermsAccepted} error={error('termsAccepted')} />
      {attempted && !check.ok && (
        <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="review-alert">
          {translate('reviewFormAlert', language)}
        </Alert>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="form-failure">
          {failure}
        </Alert>
      )}
      <Button onClick={() => void submit()} loading={submitting} disabled={submitting} leftSection={<IconCreditCard size={18} />}>
        {t('buyPlan.buy')}
      </Button>
    </Stack>
  );
}
