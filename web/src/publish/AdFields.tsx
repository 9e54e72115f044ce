import { Autocomplete, Checkbox, Select, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { AD_LIMITS, BRANDS, isBrandCode, localize, modelsOf, STYLE_LABELS, STYLES, type Locale } from '@ruedas/domain';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { LocationSelects } from '../account/LocationSelects';
import { PhonesEditor } from '../account/PhonesEditor';
import { digitsOnly, MechanicsFields, options, PriceFields } from './CarDetailsFields';
import { Proposed } from './ProposalHint';
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

/** Step 1's description of the car (spec 02 §2, §5): every field with the domain's rules and messages. */
export function AdFields({ values, set, setValues, error, locale, descriptionMaxLength, priceHelp }: AdFieldsProps) {
  const { t } = useTranslation();
  const brandOptions = BRANDS.map((brand) => ({ value: brand.code, label: localize(brand.label, locale) }));
  const models = isBrandCode(values.brand) ? [...modelsOf(values.brand)] : [];

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
        <Proposed field="style" values={values} set={set} locale={locale}>
          <Select
            label={t('catalogue.fields.style')}
            required
            data={options(STYLES, STYLE_LABELS, locale)}
            value={values.style || null}
            onChange={(style) => set('style', style ?? '')}
            error={error('style')}
          />
        </Proposed>
      </SimpleGrid>

      <PriceFields values={values} set={set} error={error} locale={locale} />
      {priceHelp}

      <MechanicsFields values={values} set={set} error={error} locale={locale} />
      <Checkbox label={t('catalogue.fields.payTaxes')} checked={values.payTaxes} onChange={(event) => set('payTaxes', event.currentTarget.checked)} />
      <LocationSelects value={values} onChange={(location) => setValues((current) => ({ ...current, ...location }))} error={error} />
      <Textarea
        label={t('catalogue.fields.knownDamage')}
        rows={3}
        maxLength={AD_LIMITS.knownDamageMaxLength}
        description={t('publish.step1.characters', { count: values.knownDamage.length, max: AD_LIMITS.knownDamageMaxLength })}
        value={values.knownDamage}
        onChange={(event) => set('knownDamage', event.currentTarget.value)}
        error={error('knownDamage')}
      />
      <DescriptionField
        value={values.description}
        max={descriptionMaxLength}
        onChange={(description) => set('description', description)}
        error={error('description')}
      />
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
