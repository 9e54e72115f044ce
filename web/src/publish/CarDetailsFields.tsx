import { Autocomplete, Select, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AD_LIMITS,
  COLOURS,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  FUEL_TYPE_LABELS,
  FUEL_TYPES,
  localize,
  MILEAGE_UNIT_LABELS,
  MILEAGE_UNITS,
  PASSENGER_CHOICE_LABELS,
  PASSENGER_CHOICES,
  TRANSMISSION_TYPE_LABELS,
  TRANSMISSION_TYPES,
  type Currency,
  type Label,
  type Locale,
  type MileageUnit,
} from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import type { AdFieldsProps } from './AdFields';
import { CurrencyInput } from '../prices/CurrencyInput';
import { Proposed } from './ProposalHint';

export const options = <T extends string | number>(values: readonly T[], labels: Readonly<Record<T, Label>>, locale: Locale) =>
  values.map((value) => ({ value: String(value), label: localize(labels[value], locale) }));

export const digitsOnly = (text: string) => text.replace(/\D/g, '');

type FieldsProps = Pick<AdFieldsProps, 'values' | 'set' | 'error' | 'locale'>;

/** The currency of the ad and its price and transfer price, typed in that currency. */
export function PriceFields({ values, set, error, locale }: FieldsProps) {
  const { t } = useTranslation();
  const symbol = CURRENCY_SYMBOLS[values.currency];
  return (
    <>
      <Stack gap={4}>
        <Text size="sm" fw={500}>
          {t('publish.step1.currency')}
        </Text>
        <SegmentedControl
          w="fit-content"
          aria-label={t('publish.step1.currency')}
          data={CURRENCIES.map((currency) => ({ value: currency, label: `${CURRENCY_SYMBOLS[currency]} ${currency}` }))}
          value={values.currency}
          onChange={(currency) => set('currency', currency as Currency)}
        />
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <CurrencyInput
          label={t('catalogue.fields.price')}
          required
          symbol={symbol}
          locale={locale}
          currency={values.currency}
          value={values.price}
          onChange={(price) => set('price', price)}
          error={error('price')}
        />
        <CurrencyInput
          label={t('catalogue.fields.transferPrice')}
          symbol={symbol}
          locale={locale}
          currency={values.currency}
          value={values.transferPrice}
          onChange={(transferPrice) => set('transferPrice', transferPrice)}
          error={error('transferPrice')}
        />
      </SimpleGrid>
    </>
  );
}

/** Fuel, transmission, engine, mileage with its unit, colours, plate and passengers. */
export function MechanicsFields({ values, set, error, locale }: FieldsProps) {
  const { t } = useTranslation();
  const colours = COLOURS.map((colour) => localize(colour.label, locale));
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <Proposed field="fuelType" values={values} set={set} locale={locale}>
        <Select
          label={t('catalogue.fields.fuel')}
          required
          allowDeselect={false}
          data={options(FUEL_TYPES, FUEL_TYPE_LABELS, locale)}
          value={values.fuelType || null}
          onChange={(fuel) => set('fuelType', fuel ?? '')}
          error={error('fuelType')}
        />
      </Proposed>
      <Proposed field="transmissionType" values={values} set={set} locale={locale}>
        <Select
          label={t('catalogue.fields.transmission')}
          required
          allowDeselect={false}
          data={options(TRANSMISSION_TYPES, TRANSMISSION_TYPE_LABELS, locale)}
          value={values.transmissionType || null}
          onChange={(transmission) => set('transmissionType', transmission ?? '')}
          error={error('transmissionType')}
        />
      </Proposed>
      <Proposed field="motorSizeCC" values={values} set={set} locale={locale}>
        <TextInput
          label={t('publish.step1.engine')}
          inputMode="numeric"
          maxLength={5}
          rightSection={<Text size="xs">cc</Text>}
          value={values.motorSizeCC}
          onChange={(event) => set('motorSizeCC', digitsOnly(event.currentTarget.value))}
          error={error('motorSizeCC')}
        />
      </Proposed>
      <TextInput
        label={t('catalogue.fields.mileage')}
        inputMode="numeric"
        maxLength={7}
        value={values.mileage}
        onChange={(event) => set('mileage', digitsOnly(event.currentTarget.value))}
        error={error('mileage')}
        rightSectionWidth={140}
        rightSection={
          <SegmentedControl
            size="xs"
            aria-label={t('publish.step1.mileageUnit')}
            data={MILEAGE_UNITS.map((unit) => ({ value: unit, label: localize(MILEAGE_UNIT_LABELS[unit], locale) }))}
            value={values.mileageUnit}
            onChange={(unit) => set('mileageUnit', unit as MileageUnit)}
          />
        }
      />
      <Autocomplete
        label={t('catalogue.fields.exteriorColor')}
        required
        maxLength={AD_LIMITS.colourMaxLength}
        data={colours}
        value={values.exteriorColor}
        onChange={(colour) => set('exteriorColor', colour)}
        error={error('exteriorColor')}
      />
      <Autocomplete
        label={t('catalogue.fields.interiorColor')}
        required
        maxLength={AD_LIMITS.colourMaxLength}
        data={colours}
        value={values.interiorColor}
        onChange={(colour) => set('interiorColor', colour)}
        error={error('interiorColor')}
      />
      <TextInput
        label={t('publish.step1.plate')}
        description={t('publish.step1.plateHint')}
        maxLength={AD_LIMITS.carIdNumberMaxLength}
        value={values.carIdNumber}
        onChange={(event) => set('carIdNumber', event.currentTarget.value.toUpperCase())}
        error={error('carIdNumber')}
      />
      <Proposed field="passengersNumber" values={values} set={set} locale={locale}>
        <Select
          label={t('catalogue.fields.passengers')}
          required
          allowDeselect={false}
          data={options(PASSENGER_CHOICES, PASSENGER_CHOICE_LABELS, locale)}
          value={values.passengersNumber || null}
          onChange={(passengers) => passengers && set('passengersNumber', passengers)}
          error={error('passengersNumber')}
        />
      </Proposed>
    </SimpleGrid>
  );
}
