import { Badge, Checkbox, Radio, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { AD_LIMITS, formatMoney, formatNumber, LEVELS, PHOTOS_PER_LEVEL, type Level, type Locale } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { LevelCard } from './purchaseParts';
import { planCovers, SAMPLE_PREVIEW, type PlanBalance, type Prices } from './rules';

interface Props {
  level: Level;
  message: string;
  autoApproval: boolean;
  onLevel: (level: Level) => void;
  onMessage: (message: string) => void;
  onAutoApproval: (on: boolean) => void;
  prices: Prices | null;
  balances: readonly PlanBalance[];
  error: (field: string) => string | undefined;
  locale: Locale;
  /** An owner cannot change the level of an ad once it is paid for. */
  levelLocked?: boolean;
}

/**
 * The plan of the ad (spec 02 §2): four cards previewing the same sample car (price 10,000,000 and
 * 50,000 km) at each level with its photos and price; a plan balance of that level shows instead of
 * the price. GOLD offers the custom message (56 characters), FREE the quick approval.
 */
export function PlanChooser({ level, message, autoApproval, onLevel, onMessage, onAutoApproval, prices, balances, error, locale, levelLocked = false }: Props) {
  const { t } = useTranslation();
  const price = (choice: Level): string => {
    if (choice === 'FREE') return t('publish.plan.free');
    if (planCovers(balances, choice)) return t('publish.plan.fromBalance');
    return prices ? formatMoney(prices.single[choice], 'CRC', locale) : '…';
  };
  const atLimit = message.length >= AD_LIMITS.customMessageMaxLength;

  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('publish.plan.title')}
      </Title>
      <Radio.Group value={level} onChange={(choice) => onLevel(choice as Level)} aria-label={t('publish.plan.title')}>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
          {LEVELS.map((choice) => (
            <LevelCard key={choice} level={choice} locale={locale} disabled={levelLocked && choice !== level}>
              <Text size="sm" fw={600} c="ruedas.8">
                {price(choice)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('publish.plan.photos', { count: PHOTOS_PER_LEVEL[choice] })}
              </Text>
              <Text size="xs" c="dimmed">
                {t('publish.plan.sample', {
                  price: formatMoney(SAMPLE_PREVIEW.price, 'CRC', locale),
                  mileage: formatNumber(SAMPLE_PREVIEW.mileage, locale),
                })}
              </Text>
              {choice === 'GOLD' && (
                <Badge size="xs" color="gold" variant="light" tt="none">
                  {t('publish.plan.goldPerks')}
                </Badge>
              )}
              {choice !== 'FREE' && (
                <Text size="xs" c="dimmed">
                  {t('publish.plan.paidPerks')}
                </Text>
              )}
            </LevelCard>
          ))}
        </SimpleGrid>
      </Radio.Group>
      {level === 'FREE' && (
        <Checkbox
          label={t('publish.plan.quickApproval', { price: prices ? formatMoney(prices.quickApproval, 'CRC', locale) : '…' })}
          description={t('publish.plan.quickApprovalHint')}
          checked={autoApproval}
          onChange={(event) => onAutoApproval(event.currentTarget.checked)}
        />
      )}
      {level === 'GOLD' && (
        <TextInput
          label={t('publish.plan.message')}
          description={atLimit ? t('publish.plan.messageLimit', { max: AD_LIMITS.customMessageMaxLength }) : t('publish.plan.messageHint')}
          maxLength={AD_LIMITS.customMessageMaxLength}
          value={message}
          onChange={(event) => onMessage(event.currentTarget.value)}
          error={error('message')}
          rightSection={
            <Text size="xs" c={atLimit ? 'orange' : 'dimmed'}>
              {message.length}
            </Text>
          }
          rightSectionWidth={36}
        />
      )}
    </Stack>
  );
}
