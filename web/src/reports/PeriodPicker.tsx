import { Button, Group, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { addDays, costaRicaDay, firstOfMonth, isDay } from './dates';

export interface PeriodPickerProps {
  from: string;
  to: string;
  /** Called with a valid period (both days real, start on or before end). */
  onChange: (from: string, to: string) => void;
  /** Period of at most this many days (the dashboard's 366); none when left out. */
  maxDays?: number;
}

const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

/**
 * Two date pickers (the browser's own, `yyyy-MM-dd`) and quick choices (today, last 7 and 30 days,
 * this month) in Costa Rica days. A valid change is handed over at once; an invalid one is named
 * under the pickers and not handed over.
 */
export function PeriodPicker({ from, to, onChange, maxDays }: PeriodPickerProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState({ from, to });
  // A new period from outside (the address, the server's answer) replaces the draft in the same
  // render, not in an effect after it: the inputs never show a stale period.
  const [shown, setShown] = useState({ from, to });
  if (shown.from !== from || shown.to !== to) {
    setShown({ from, to });
    setDraft({ from, to });
  }

  const problem =
    !isDay(draft.from) || !isDay(draft.to)
      ? t('reports.period.invalidDay')
      : draft.from > draft.to
        ? t('reports.period.startAfterEnd')
        : maxDays !== undefined && daysBetween(draft.from, draft.to) > maxDays
          ? t('reports.period.tooLong', { days: maxDays })
          : null;

  const change = (next: { from: string; to: string }) => {
    setDraft(next);
    const valid = isDay(next.from) && isDay(next.to) && next.from <= next.to && (maxDays === undefined || daysBetween(next.from, next.to) <= maxDays);
    if (valid && (next.from !== from || next.to !== to)) onChange(next.from, next.to);
  };

  const today = costaRicaDay();
  const presets = [
    { key: 'today', from: today, to: today },
    { key: 'last7', from: addDays(today, -6), to: today },
    { key: 'last30', from: addDays(today, -29), to: today },
    { key: 'thisMonth', from: firstOfMonth(today), to: today },
  ];

  return (
    <div>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('reports.period.from')}
          value={draft.from}
          max={draft.to || undefined}
          onChange={(event) => change({ ...draft, from: event.currentTarget.value })}
          w={180}
        />
        <TextInput
          type="date"
          label={t('reports.period.to')}
          value={draft.to}
          min={draft.from || undefined}
          onChange={(event) => change({ ...draft, to: event.currentTarget.value })}
          w={180}
        />
        <Group gap={6} role="group" aria-label={t('reports.period.quick')}>
          {presets.map((preset) => (
            <Button
              key={preset.key}
              size="xs"
              variant={preset.from === from && preset.to === to ? 'filled' : 'light'}
              aria-pressed={preset.from === from && preset.to === to}
              onClick={() => change({ from: preset.from, to: preset.to })}
            >
              {t(`reports.period.${preset.key}`)}
            </Button>
          ))}
        </Group>
      </Group>
      {problem && (
        <Text c="red" size="sm" mt={4} role="alert">
          {problem}
        </Text>
      )}
    </div>
  );
}
