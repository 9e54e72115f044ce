import { Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { useTranslation } from '../i18n/react';
import type { Counts } from './facets';

export type Translate = ReturnType<typeof useTranslation>['t'];

/** Select choices: "any" first, then each with its count when the current result has one. */
export function choices(any: string, options: ReadonlyArray<readonly [string, string]>, counts: Counts, t: Translate) {
  return [{ value: '', label: any }, ...options.map(([value, label]) => ({ value, label: withCount(label, counts.get(value), t) }))];
}

function withCount(label: string, count: number | undefined, t: Translate): string {
  return count === undefined ? label : t('search.withCount', { label, count });
}

export function OptionWithCount({ label, count }: { label: ReactNode; count?: number }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" w="100%">
      <span>{label}</span>
      {count !== undefined && (
        <Text span size="xs" c="dimmed">
          {count}
        </Text>
      )}
    </Group>
  );
}
