import { Group, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { Card } from '../ui/Card';
import { SimpleGrid } from '../ui/SimpleGrid';
import {
  EXTRA_CATEGORIES,
  EXTRA_CATEGORY_LABELS,
  extrasByCategory,
  formatDateTime,
  formatMoney,
  formatNumber,
  localize,
  type AdFields,
  type Locale,
} from '@ruedas/domain';
import { IconEye } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { brandText, colourLabel, kindTexts, mileageText, priceText } from '../texts/adText';
import classes from './AdSpecs.module.css';

/** What the specifications table shows; the detail page gives a stored ad, the wizard's preview the typed one. */
export interface SpecsAd extends Pick<
  AdFields,
  | 'model'
  | 'year'
  | 'style'
  | 'transmissionType'
  | 'fuelType'
  | 'motorSizeCC'
  | 'mileage'
  | 'mileageUnit'
  | 'exteriorColor'
  | 'interiorColor'
  | 'price'
  | 'currency'
  | 'transferPrice'
  | 'payTaxes'
  | 'knownDamage'
> {
  /** A brand code, or a brand the catalogue no longer knows (shown as written). */
  brand: string;
  passengersNumber: number;
  /**
   * Where the car is, in words, and the suggested colours its colour fields name (the server's
   * `place`, `exteriorColorCode`, `interiorColorCode`; the wizard's preview works them out itself):
   * the page does not carry the tables they come from (decision 0114).
   */
  place: string;
  exteriorColorCode?: string | null;
  interiorColorCode?: string | null;
  publishedAt?: string | null;
  carIdNumber?: string | null;
  dateCreated?: string | null;
}

/**
 * The ad's specifications; `views` and the publication date only when given (not in a preview). The ad
 * page gives its views as a node that updates itself (the count after this visit), so the tally's
 * answer does not render the page again.
 */
export function AdSpecs({ ad, views, locale }: { ad: SpecsAd; views?: number | ReactNode; locale: Locale }) {
  const { t } = useTranslation();
  const notGiven = t('catalogue.detail.notGiven');
  const money = (amount: number) => (amount > 0 ? formatMoney(amount, ad.currency, locale) : notGiven);
  const kind = kindTexts(ad, locale, notGiven);
  const rows: [string, ReactNode][] = [
    ['brand', brandText(ad.brand, locale)],
    ['model', ad.model],
    ['year', String(ad.year)],
    ['style', kind.style],
    ['transmission', kind.transmission],
    ['fuel', kind.fuel],
    ['engine', kind.engine],
    ['mileage', mileageText(ad, locale).text],
    ['exteriorColor', colourLabel(ad.exteriorColorCode, ad.exteriorColor, locale) || notGiven],
    ['interiorColor', colourLabel(ad.interiorColorCode, ad.interiorColor, locale) || notGiven],
    ['passengers', kind.passengers],
    ['location', ad.place || notGiven],
    ['price', priceText(ad, locale)],
    ['transferPrice', money(ad.transferPrice)],
    ['payTaxes', t(ad.payTaxes ? 'catalogue.detail.yes' : 'catalogue.detail.no')],
    ['knownDamage', ad.knownDamage.trim() || t('catalogue.detail.noDamage')],
  ];
  if (views !== undefined) {
    rows.push(['published', ad.publishedAt ? formatDateTime(ad.publishedAt) : notGiven]);
    rows.push(['views', typeof views === 'number' ? formatNumber(views, locale) : views]);
  }
  // Only the owner and administrators receive these two; for anybody else they are null.
  if (ad.carIdNumber) rows.push(['plate', ad.carIdNumber]);
  if (ad.dateCreated) rows.push(['created', formatDateTime(ad.dateCreated)]);

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('catalogue.detail.specs')}
      </Title>
      <table className={classes.table} data-testid="specs">
        <tbody>
          {rows.map(([key, value]) => (
            <tr key={key}>
              <th scope="row">
                {key === 'views' ? (
                  <Group gap={4} component="span">
                    <IconEye size={14} /> {t('catalogue.fields.views')}
                  </Group>
                ) : (
                  t(`catalogue.fields.${key}`)
                )}
              </th>
              <td data-field={key}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

/** The ad's extras by category, each sorted by label as the wizard shows them. */
export function AdExtras({ keys, locale }: { keys: readonly string[]; locale: Locale }) {
  const { t } = useTranslation();
  const ticked = new Set(keys);
  const groups = EXTRA_CATEGORIES.map((category) => ({
    category,
    labels: extrasByCategory(category, locale)
      .filter((extra) => ticked.has(extra.key))
      .map((extra) => localize(extra.label, locale)),
  })).filter((group) => group.labels.length > 0);
  if (groups.length === 0) return null;

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('catalogue.detail.extras')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {groups.map(({ category, labels }) => (
          <Stack key={category} gap={4}>
            <Text fw={700}>{localize(EXTRA_CATEGORY_LABELS[category], locale)}</Text>
            {labels.map((label) => (
              <Text key={label} size="sm">
                ✓ {label}
              </Text>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
