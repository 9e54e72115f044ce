import { Group, Radio, Stack, Text } from '@mantine/core';
import { formatMoney, LEVEL_LABELS, localize, type Level, type Locale } from '@ruedas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * One level as a card of a radio group (the plan of an ad in the wizard, the level of a plan to
 * buy): the indicator, the level's label, then what the caller says of it.
 */
export function LevelCard({ level, locale, disabled, children }: { level: Level; locale: Locale; disabled?: boolean; children: ReactNode }) {
  const label = localize(LEVEL_LABELS[level], locale);
  return (
    <Radio.Card value={level} radius="md" p="sm" disabled={disabled} aria-label={label}>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <Radio.Indicator />
        <Stack gap={2}>
          <Text fw={700}>{label}</Text>
          {children}
        </Stack>
      </Group>
    </Radio.Card>
  );
}

/** The amount to pay, in colones ('…' while it is not known yet). */
export function TotalLine({ total, locale }: { total: number | null; locale: Locale }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" data-testid="total">
      <Text fw={700}>{t('publish.step3.total')}</Text>
      <Text fw={800} fz="xl">
        {total === null ? '…' : formatMoney(total, 'CRC', locale)}
      </Text>
    </Group>
  );
}
