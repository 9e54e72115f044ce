import { Group, TextInput } from '@mantine/core';
import { formatNumber, translate } from '@ruedas/domain';
import { useEffect, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import type { SearchFilter } from './filter';
import { readTypedRange, type TypedRangeKind, type TypedTexts } from './typedRange';

export interface TypedRangeInputsProps {
  kind: TypedRangeKind;
  /** The bounds the filter has now (the slider's or typed earlier); undefined is no bound. */
  from?: number;
  to?: number;
  /** The filter the bounds belong to (the price's currency). */
  filter: SearchFilter;
  /** Labels: "Precio desde" / "Precio hasta", "Año desde" / "Año hasta". */
  labels: [string, string];
  disabled?: boolean;
  /** Valid typed bounds, when a field is left or Enter is pressed. */
  onCommit: (bounds: { from?: number; to?: number }) => void;
}

/**
 * "Desde / hasta" fields beside a range slider: exact amounts or years typed instead of dragged.
 * A field is read when it is left or on Enter, under the domain's search filter rules; a refusal
 * shows the domain's message on the field and changes nothing.
 */
export function TypedRangeInputs({ kind, from, to, filter, labels, disabled, onCommit }: TypedRangeInputsProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const show = (value: number | undefined) => (value === undefined ? '' : kind === 'price' ? formatNumber(value, language) : String(value));
  const [texts, setTexts] = useState<TypedTexts>({ from: show(from), to: show(to) });
  const [error, setError] = useState<{ field: 'from' | 'to'; text: string } | null>(null);

  // The slider (or the address) moved the bounds: the fields follow.
  useEffect(() => {
    setTexts({ from: show(from), to: show(to) });
    setError(null);
    // `show` depends only on the kind and the language, both listed.
  }, [from, to, language, kind]);

  function commit(current: TypedTexts) {
    const result = readTypedRange(kind, current, filter);
    if (!result.ok) {
      setError({ field: result.field, text: translate(result.message, language, result.params) });
      return;
    }
    setError(null);
    if (result.from === from && result.to === to) {
      setTexts({ from: show(from), to: show(to) });
      return;
    }
    onCommit({ from: result.from, to: result.to });
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter reads the field here rather than sending the form with the bound not yet applied.
    event.preventDefault();
    commit(texts);
  };

  return (
    <Group gap="xs" grow wrap="nowrap" align="flex-start" data-testid={`${kind}-typed`}>
      {(['from', 'to'] as const).map((field, index) => (
        <TextInput
          key={field}
          size="xs"
          label={labels[index]}
          placeholder={t(field === 'from' ? 'search.typedFrom' : 'search.typedTo')}
          inputMode="numeric"
          autoComplete="off"
          disabled={disabled}
          value={texts[field]}
          error={error?.field === field ? error.text : undefined}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setTexts((current) => ({ ...current, [field]: value }));
          }}
          onBlur={() => commit(texts)}
          onKeyDown={onKeyDown}
          maxLength={kind === 'price' ? 20 : 4}
        />
      ))}
    </Group>
  );
}
