import type { ChangeEvent } from 'react';
import { Checkbox, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DEFAULT_ID_TYPE, ID_TYPE_LABELS, ID_TYPES, localize, type IdType, type InvoiceData, type Locale } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { LocationSelects } from '../account/LocationSelects';

/** The electronic-invoice data as typed: the shape @ruedas/domain's `invoiceSchema` parses to. */
export type InvoiceValues = InvoiceData;

export const emptyInvoice = (): InvoiceValues => ({
  idType: DEFAULT_ID_TYPE,
  identification: '',
  fullname: '',
  address: '',
  email: '',
  phone: '',
  province: '',
  canton: '',
  district: '',
});

interface Props {
  electronicInvoice: boolean;
  onElectronicInvoice: (on: boolean) => void;
  invoice: InvoiceValues;
  onInvoice: (invoice: InvoiceValues) => void;
  /** Messages by path ('invoice.email', ...). */
  error: (field: string) => string | undefined;
  locale: Locale;
}

/** "I want an electronic invoice" and, when ticked, its data (spec 02 §5, lengths 32/128/128/64/32). */
export function InvoiceFields({ electronicInvoice, onElectronicInvoice, invoice, onInvoice, error, locale }: Props) {
  const { t } = useTranslation();
  const set = <K extends keyof InvoiceValues>(field: K, value: InvoiceValues[K]) => onInvoice({ ...invoice, [field]: value });
  /** A required text field of the invoice: its label, value, change and message. */
  const text = (field: 'identification' | 'fullname' | 'email' | 'phone' | 'address') => ({
    label: t(`invoice.${field}`),
    required: true,
    value: invoice[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(field, event.currentTarget.value),
    error: error(`invoice.${field}`),
  });
  return (
    <Stack gap="sm">
      <Checkbox label={t('invoice.electronic')} checked={electronicInvoice} onChange={(event) => onElectronicInvoice(event.currentTarget.checked)} />
      {electronicInvoice && (
        <Stack gap="sm" role="group" aria-label={t('invoice.title')}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('invoice.idType')}
              required
              allowDeselect={false}
              data={ID_TYPES.map((type) => ({ value: type, label: localize(ID_TYPE_LABELS[type], locale) }))}
              value={invoice.idType}
              onChange={(type) => type && set('idType', type as IdType)}
              error={error('invoice.idType')}
            />
            <TextInput {...text('identification')} maxLength={32} />
            <TextInput {...text('fullname')} maxLength={128} />
            <TextInput {...text('email')} type="email" maxLength={64} />
            <TextInput {...text('phone')} inputMode="tel" maxLength={32} />
            <TextInput {...text('address')} maxLength={128} />
          </SimpleGrid>
          <LocationSelects value={invoice} onChange={(location) => onInvoice({ ...invoice, ...location })} error={(field) => error(`invoice.${field}`)} />
        </Stack>
      )}
    </Stack>
  );
}
