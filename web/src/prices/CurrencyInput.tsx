import { TextInput } from '@mantine/core';
import { formatNumber, readPriceText, translate, type Currency, type Locale } from '@ruedas/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';

interface Props {
  label: string;
  value: number;
  /** The amount read from the text; NaN while the text cannot be read (the form's rules then refuse it). */
  onChange: (amount: number) => void;
  locale: Locale;
  currency: Currency;
  error?: string;
  required?: boolean;
  /** The symbol shown before the amount (₡ or $). */
  symbol: string;
  /** Show the "e.g. 6.500.000 or 6,5 millones" hint under the label (default true). */
  hint?: boolean;
}

const shown = (amount: number, locale: Locale) => (Number.isFinite(amount) && amount > 0 ? formatNumber(amount, locale) : '');

/**
 * An amount field (spec 02 §5, issue 13): the text is read by @ruedas/domain `readPriceText`, so
 * "6.500.000", "₡6 500 000", "6,5 millones" and "12k" are all understood, and shown with thousands
 * separators once the field is left. Text it cannot read, or colones with cents ("6.5", which a
 * seller may mean as 6,5 millones), is refused with its message once the field is left, never
 * silently read as something else.
 */
export function CurrencyInput({ label, value, onChange, locale, currency, error, required, symbol, hint = true }: Props) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => shown(value, locale));
  const [editing, setEditing] = useState(false);
  const reading = readPriceText(text, currency);
  // The same text reads differently in another currency ("6.5" is refused in colones, fine in dollars).
  const readIn = useRef(currency);
  useEffect(() => {
    if (readIn.current === currency) return;
    readIn.current = currency;
    if (text !== '') onChange(reading.ok ? reading.amount : Number.NaN);
  }, [currency, text, reading, onChange]);
  const problem = !reading.ok && (!editing || error) ? translate(reading.error, locale) : undefined;
  return (
    <TextInput
      label={label}
      required={required}
      inputMode="decimal"
      leftSection={symbol}
      description={hint ? t('publish.step1.priceHint') : undefined}
      value={editing || problem ? text : shown(value, locale)}
      onFocus={() => {
        if (reading.ok) setText(shown(value, locale));
        setEditing(true);
      }}
      onChange={(event) => {
        const typed = event.currentTarget.value.slice(0, 40);
        setText(typed);
        const read = readPriceText(typed, currency);
        onChange(read.ok ? read.amount : Number.NaN);
      }}
      onBlur={() => setEditing(false)}
      error={problem ?? error}
    />
  );
}
