import { TextInput } from '@mantine/core';
import { formatNumber, parseCurrencyInput, type Locale } from '@ruedas/domain';
import { useState } from 'react';
import { currencyKeystrokes } from './rules';

interface Props {
  label: string;
  value: number;
  onChange: (amount: number) => void;
  locale: Locale;
  error?: string;
  required?: boolean;
  /** The symbol shown before the amount (₡ or $). */
  symbol: string;
}

const shown = (amount: number, locale: Locale) => (amount > 0 ? formatNumber(amount, locale) : '');

/**
 * An amount field (spec 02 §5): only digits, commas, spaces, dots, $ and ₡ can be typed; the text is
 * read by @ruedas/domain `parseCurrencyInput` (clamped to 0..1,000,000,000 with 2 decimals; text it
 * cannot read is 0) and shown with thousands separators once the field is left.
 */
export function CurrencyInput({ label, value, onChange, locale, error, required, symbol }: Props) {
  const [text, setText] = useState(() => shown(value, locale));
  const [editing, setEditing] = useState(false);
  return (
    <TextInput
      label={label}
      required={required}
      inputMode="decimal"
      leftSection={symbol}
      value={editing ? text : shown(value, locale)}
      onFocus={() => {
        setText(shown(value, locale));
        setEditing(true);
      }}
      onChange={(event) => {
        const typed = currencyKeystrokes(event.currentTarget.value);
        setText(typed);
        onChange(parseCurrencyInput(typed));
      }}
      onBlur={() => {
        const amount = parseCurrencyInput(text);
        onChange(amount);
        setEditing(false);
      }}
      error={error}
    />
  );
}
