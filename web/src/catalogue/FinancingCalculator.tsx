import { Card, Group, NativeSelect, NumberInput, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '../data';
import { FINANCING_LIMITS, financingPlan, formatMoney, fromCrc, toCrc, translate, type Currency, type Locale } from '@ruedas/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { CurrencyInput } from '../prices/CurrencyInput';
import { keepEarlyInput } from '../ssr/earlyInput';
import { CRC_PER_USD } from './operations';

/**
 * The financing calculator of the ad page (issue 13): price (the ad's), down payment, term and
 * yearly rate give the monthly payment, the interest and the total cost, in the ad's currency and,
 * at the exchange-rate parameter, in the other one. The rule is @ruedas/domain `financingPlan`.
 */
export function FinancingCalculator({ price, currency, locale }: { price: number; currency: Currency; locale: Locale }) {
  const { t } = useTranslation();
  const rate = useQuery(CRC_PER_USD).data?.crcPerUsd;
  const [downPayment, setDownPayment] = useState(() => Math.round(price * FINANCING_LIMITS.defaultDownPaymentShare));
  const [termMonths, setTermMonths] = useState<number>(FINANCING_LIMITS.defaultTermMonths);
  const [annualRate, setAnnualRate] = useState<number>(FINANCING_LIMITS.defaultRate[currency]);
  // Hydrated after the rest of the page (a later part): what was typed into its server HTML meanwhile counts.
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current) keepEarlyInput(box.current);
  }, []);
  const result = financingPlan({ price, downPayment, termMonths, annualRate });
  const other: Currency = currency === 'CRC' ? 'USD' : 'CRC';
  // Colones are shown whole; dollars with their cents.
  const shown = (amount: number, in_: Currency) => formatMoney(in_ === 'CRC' ? Math.round(amount) : amount, in_, locale);
  const money = (amount: number) => shown(amount, currency);
  const converted = (amount: number) => (rate ? shown(fromCrc(toCrc(amount, currency, rate), other, rate), other) : null);
  const error = (field: 'downPayment' | 'termMonths' | 'annualRate') =>
    result.ok ? undefined : result.errors[field] && translate(result.errors[field], locale);

  return (
    <Card ref={box} withBorder radius="md" padding="md" data-testid="financing">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('catalogue.financing.title')}
        </Title>
        <Text size="sm">{t('catalogue.financing.price', { price: money(price) })}</Text>
        <CurrencyInput
          label={t('catalogue.financing.downPayment')}
          symbol={currency === 'CRC' ? '₡' : '$'}
          locale={locale}
          currency={currency}
          value={downPayment}
          onChange={setDownPayment}
          hint={false}
          error={error('downPayment')}
        />
        <Group grow gap="sm" align="flex-start">
          <NativeSelect
            label={t('catalogue.financing.term')}
            value={String(termMonths)}
            onChange={(event) => setTermMonths(Number(event.currentTarget.value))}
            data={FINANCING_LIMITS.termsMonths.map((months) => ({ value: String(months), label: t('catalogue.financing.months', { count: months }) }))}
            error={error('termMonths')}
          />
          <NumberInput
            label={t('catalogue.financing.rate')}
            value={annualRate}
            onChange={(value) => setAnnualRate(typeof value === 'number' ? value : Number(String(value).replace(',', '.')))}
            min={FINANCING_LIMITS.minRate}
            max={FINANCING_LIMITS.maxRate}
            step={0.5}
            decimalScale={2}
            suffix=" %"
            error={error('annualRate')}
          />
        </Group>
        {result.ok && (
          <Stack gap={2} aria-live="polite">
            <Text size="sm" c="dimmed">
              {t('catalogue.financing.monthly')}
            </Text>
            <Text fw={800} fz="xl" data-testid="financing-monthly">
              {money(result.plan.monthlyPayment)}
            </Text>
            {converted(result.plan.monthlyPayment) && (
              <Text size="sm" c="dimmed" data-testid="financing-monthly-other">
                {t('catalogue.financing.approximately', { amount: converted(result.plan.monthlyPayment) })}
              </Text>
            )}
            <Text size="sm" data-testid="financing-totals">
              {t('catalogue.financing.totals', {
                financed: money(result.plan.financed),
                interest: money(result.plan.totalInterest),
                total: money(result.plan.totalCost),
              })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('catalogue.financing.note')}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
