import { Autocomplete, Checkbox, Select, SegmentedControl, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  AD_LIMITS,
  BRANDS,
  COLOURS,
  CURRENCIES,
  CURRENCY_SYMBOLS,
  FUEL_TYPE_LABELS,
  FUEL_TYPES,
  isBrandCode,
  localize,
  MILEAGE_UNIT_LABELS,
  MILEAGE_UNITS,
  modelsOf,
  PASSENGER_CHOICE_LABELS,
  PASSENGER_CHOICES,
  STYLE_LABELS,
  STYLES,
  TRANSMISSION_TYPE_LABELS,
  TRANSMISSION_TYPES,
  type Currency,
  type Label,
  type Locale,
  type MileageUnit,
} from '@ruedas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationSelects } from '../account/LocationSelects';
import { PhonesEditor } from '../account/PhonesEditor';
import { CurrencyInput } from './CurrencyInput';
import type { AdFormValues } from './rules';

export interface AdFieldsProps {
  values: AdFormValues;
  set: <K extends keyof AdFormValues>(field: K, value: AdFormValues[K]) => void;
  setValues: (change: (current: AdFormValues) => AdFormValues) => void;
  error: (field: string) => string | undefined;
  locale: Locale;
  /** The longest seller's description (the AD_DESCRIPTION_MAX_LENGTH global parameter). */
  descriptionMaxLength: number;
  /** Under the price: the market range of the car (issue 20), given by the page. */
  priceHelp?: ReactNode;
}

const options = <T extends string | number>(values: readonly T[], labels: Readonly<Record<T, Label>>, locale: Locale) =>
  values.map((value) => ({ value: String(value), label: localize(labels[value], locale) }));

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Step 1's description of the car (spec 02 §2, §5): every field with the domain's rules and messages. */
export function AdFields({ values, set, setValues, error, locale, descriptionMaxLength, priceHelp }: AdFieldsProps) {
  const { t } = useTranslation();
  const brandOptions = BRANDS.map((brand) => ({ value: brand.code, label: localize(brand.label, locale) }));
  const models = isBrandCode(values.brand) ? [...modelsOf(values.brand)] : [];
  const colours = COLOURS.map((colour) => localize(colour.label, locale));
  const symbol = CURRENCY_SYMBOLS[values.currency];

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('publish.step1.car')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('catalogue.fields.brand')}
          required
          searchable
          data={brandOptions}
          value={values.brand || null}
          onChange={(brand) => set('brand', brand ?? '')}
          error={error('brand')}
        />
        <Autocomplete
          label={t('catalogue.fields.model')}
          required
          maxLength={AD_LIMITS.modelMaxLength}
          data={models}
          value={values.model}
          onChange={(model) => set('model', model)}
          error={error('model')}
        />
        <TextInput
          label={t('catalogue.fields.year')}
          required
          inputMode="numeric"
          maxLength={4}
          value={values.year}
          onChange={(event) => set('year', digitsOnly(event.currentTarget.value))}
          error={error('year')}
        />
        <Select
          label={t('catalogue.fields.style')}
          required
          data={options(STYLES, STYLE_LABELS, locale)}
          value={values.style || null}
          onChange={(style) => set('style', style ?? '')}
          error={error('style')}
        />
      </SimpleGrid>

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
      {priceHelp}

      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label={t('catalogue.fields.fuel')}
          required
          allowDeselect={false}
          data={options(FUEL_TYPES, FUEL_TYPE_LABELS, locale)}
          value={values.fuelType || null}
          onChange={(fuel) => set('fuelType', fuel ?? '')}
          error={error('fuelType')}
        />
        <Select
          label={t('catalogue.fields.transmission')}
          required
          allowDeselect={false}
          data={options(TRANSMISSION_TYPES, TRANSMISSION_TYPE_LABELS, locale)}
          value={values.transmissionType || null}
          onChange={(transmission) => set('transmissionType', transmission ?? '')}
          error={error('transmissionType')}
        />
        <TextInput
          label={t('publish.step1.engine')}
          inputMode="numeric"
          maxLength={5}
          rightSection={<Text size="xs">cc</Text>}
          value={values.motorSizeCC}
          onChange={(event) => set('motorSizeCC', digitsOnly(event.currentTarget.value))}
          error={error('motorSizeCC')}
        />
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
        <Select
          label={t('catalogue.fields.passengers')}
          required
          allowDeselect={false}
          data={options(PASSENGER_CHOICES, PASSENGER_CHOICE_LABELS, locale)}
          value={values.passengersNumber}
          onChange={(passengers) => passengers && set('passengersNumber', passengers)}
          error={error('passengersNumber')}
        />
      </SimpleGrid>
      <Checkbox
        label={t('catalogue.fields.payTaxes')}
        checked={values.payTaxes}
        onChange={(event) => set('payTaxes', event.currentTarget.checked)}
      />
      <LocationSelects
        value={values}
        onChange={(location) => setValues((current) => ({ ...current, ...location }))}
        error={error}
      />
      <Textarea
        label={t('catalogue.fields.knownDamage')}
        rows={3}
        maxLength={AD_LIMITS.knownDamageMaxLength}
        description={t('publish.step1.characters', { count: values.knownDamage.length, max: AD_LIMITS.knownDamageMaxLength })}
        value={values.knownDamage}
        onChange={(event) => set('knownDamage', event.currentTarget.value)}
        error={error('knownDamage')}
      />
      <DescriptionField value={values.description} max={descriptionMaxLength} onChange={(description) => set('description', description)} error={error('description')} />
      <PhonesEditor phones={values.phoneList} onChange={(phones) => set('phoneList', phones)} error={error} />
    </Stack>
  );
}

/**
 * The seller's own words about the car (issue 13): negotiable, trade-in accepted, financing. At most
 * the AD_DESCRIPTION_MAX_LENGTH global parameter (the domain's `descriptionProblem`, which listings
 * applies too); reviewed like the rest of the ad.
 */
function DescriptionField({ value, max, onChange, error }: { value: string; max: number; onChange: (value: string) => void; error?: string }) {
  const { t } = useTranslation();
  return (
    <Textarea
      label={t('catalogue.fields.description')}
      placeholder={t('publish.step1.descriptionPlaceholder')}
      rows={4}
      description={t('publish.step1.characters', { count: value.length, max })}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      error={error}
    />
  );
}
