import { Button, Group, Stack, Text } from '@mantine/core';
import {
  formatNumber,
  FUEL_TYPE_LABELS,
  localize,
  PASSENGER_CHOICE_LABELS,
  STYLE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  type Label,
  type Locale,
} from '@ruedas/domain';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { unconfirmed, useProposalSource, type ProposedField } from './proposals';
import type { AdFormValues } from './rules';

const LABELS: Record<Exclude<ProposedField, 'motorSizeCC'>, Readonly<Record<string, Label>>> = {
  transmissionType: TRANSMISSION_TYPE_LABELS,
  fuelType: FUEL_TYPE_LABELS,
  style: STYLE_LABELS,
  passengersNumber: PASSENGER_CHOICE_LABELS,
};

/** A proposed value as the seller reads it ("Automática", "2.500 cc"). */
export function proposalLabel(field: ProposedField, value: string, locale: Locale): string {
  if (field === 'motorSizeCC') return `${formatNumber(Number(value), locale)} cc`;
  const label = LABELS[field][value];
  return label ? localize(label, locale) : value;
}

interface Props {
  field: ProposedField;
  values: AdFormValues;
  set: <K extends keyof AdFormValues>(field: K, value: AdFormValues[K]) => void;
  locale: Locale;
  children: ReactNode;
}

/**
 * A field the wizard proposes from the chosen model (issue 31): while the seller has not chosen it,
 * what most of that model's public ads say, with a button that confirms it. Nothing is filled in
 * without the seller.
 */
export function Proposed({ field, values, set, locale, children }: Props) {
  const { t } = useTranslation();
  const found = useProposalSource()(values.brand, values.model);
  const proposal = found?.proposals[field];
  if (!found || !proposal || !unconfirmed(values, field)) return <>{children}</>;
  const value = proposalLabel(field, proposal.value, locale);
  return (
    <Stack gap={4}>
      {children}
      <Group gap="xs" wrap="nowrap" align="center" data-testid={`proposal-${field}`} data-value={proposal.value}>
        <Text size="sm" style={{ flex: 1 }}>
          {t('publish.proposal.most', { model: found.model, value, share: proposal.count, total: proposal.total })}
        </Text>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconCheck size={14} />}
          aria-label={t('publish.proposal.confirmLabel', { value })}
          onClick={() => set(field, proposal.value)}
        >
          {t('publish.proposal.confirm')}
        </Button>
      </Group>
    </Stack>
  );
}
