import { Group } from '../ui/Group';
import { Badge } from '../ui/Badge';
import {
  findCanton,
  findProvince,
  formatMoney,
  formatNumber,
  FUEL_TYPE_LABELS,
  localize,
  MORE_THAN_SEVEN_PASSENGERS,
  SEARCH_LIMITS,
  STYLE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  type Locale,
} from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import { brandText } from '../texts/adText';
import { colourText } from '../texts/placeAndColourText';
import type { Translate } from './choices';
import { withFields, type SearchFilter, type SearchFilterField } from './filter';
import classes from './InterpretationLine.module.css';

interface Chip {
  key: string;
  label: string;
  /** The fields a tap on its × removes. */
  fields: SearchFilterField[];
}

const range = (t: Translate, from: string | undefined, to: string | undefined, kind: 'price' | 'year') => {
  if (kind === 'year' && from === undefined) return t('search.yearOrOlder', { from: to });
  if (from === undefined) return t('search.priceUpTo', { to });
  if (to === undefined) return t('search.priceOrMore', { from });
  return t(kind === 'price' ? 'search.priceRange' : 'search.yearRange', { from, to });
};

/** The chips of a filter's advanced fields (the free text has its own, `InterpretationLine`), in the panel's order. */
export function filterChips(filter: SearchFilter, language: Locale, t: Translate): Chip[] {
  const chips: Chip[] = [];
  const add = (key: string, label: string, fields: SearchFilterField[]) => chips.push({ key, label, fields });
  const number = (value: number) => formatNumber(value, language);
  if (filter.goodPriceOrBetter) add('good', t('search.goodPriceOrBetter'), ['goodPriceOrBetter']);
  if (filter.brand) add('brand', brandText(filter.brand, language), ['brand', 'model']);
  if (filter.model) add('model', filter.model, ['model']);
  if (filter.style) add('style', localize(STYLE_LABELS[filter.style], language), ['style']);
  if (filter.fuelType) add('fuel', localize(FUEL_TYPE_LABELS[filter.fuelType], language), ['fuelType']);
  if (filter.province) add('province', findProvince(filter.province)?.name ?? filter.province, ['province', 'canton']);
  if (filter.canton) add('canton', findCanton(filter.canton)?.name ?? filter.canton, ['canton']);
  if (filter.priceFrom !== undefined || filter.priceTo !== undefined) {
    const money = (amount: number | undefined) => (amount === undefined ? undefined : formatMoney(amount, filter.currency ?? 'CRC', language));
    add('price', range(t, money(filter.priceFrom), money(filter.priceTo), 'price'), ['priceFrom', 'priceTo', 'currency']);
  }
  if (filter.yearFrom !== undefined || filter.yearTo !== undefined)
    add('years', `${t('search.year')}: ${range(t, filter.yearFrom?.toString(), filter.yearTo?.toString(), 'year')}`, ['yearFrom', 'yearTo']);
  if (filter.year !== undefined) add('year', `${t('search.year')}: ${filter.year}`, ['year']);
  if (filter.transmissionType) add('transmission', localize(TRANSMISSION_TYPE_LABELS[filter.transmissionType], language), ['transmissionType']);
  if (filter.mileageMax !== undefined)
    add('mileage', `${t('search.mileage')}: ${t('search.mileageUnder', { value: number(filter.mileageMax) })}`, ['mileageMax']);
  if (filter.passengersNumber !== undefined) {
    const count = filter.passengersNumber;
    const label = count < 5 ? String(count) : t('search.passengersAtLeast', { count: count === MORE_THAN_SEVEN_PASSENGERS ? 8 : count });
    add('passengers', `${t('search.passengers')}: ${label}`, ['passengersNumber']);
  }
  if (filter.motorSizeCCFrom !== undefined || filter.motorSizeCCTo !== undefined) {
    const from = filter.motorSizeCCFrom ?? 0;
    const to = filter.motorSizeCCTo ?? SEARCH_LIMITS.motorSizeRanges[0].to;
    const label =
      from === 0
        ? t('search.engineUnder', { to: number(to) })
        : to >= SEARCH_LIMITS.motorSizeRanges[0].to
          ? t('search.engineOver', { from: number(from) })
          : t('search.engineRange', { from: number(from), to: number(to) });
    add('engine', label, ['motorSizeCCFrom', 'motorSizeCCTo']);
  }
  if (filter.exteriorColor) add('exterior', `${t('search.exteriorColor')}: ${colourText(filter.exteriorColor, language)}`, ['exteriorColor']);
  if (filter.interiorColor) add('interior', `${t('search.interiorColor')}: ${colourText(filter.interiorColor, language)}`, ['interiorColor']);
  return chips;
}

/**
 * The filters a search applies, each a chip with its own × (issue 31): on a phone they stay in view
 * after the drawer closes, instead of only "Filtros 3". A tap on × searches without that filter.
 */
export function FilterChips({ filter, onChange }: { filter: SearchFilter; onChange: (filter: SearchFilter) => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const chips = filterChips(filter, language, t);
  if (chips.length === 0) return null;
  return (
    <Group gap={6} role="group" aria-label={t('search.activeFilters')} data-testid="filter-chips">
      {chips.map((chip) => (
        <Badge key={chip.key} variant="light" radius="sm" tt="none" data-testid="filter-chip" data-filter={chip.key}>
          <span>{chip.label}</span>
          <button
            type="button"
            aria-label={t('search.removeFilter', { filter: chip.label })}
            onClick={() => onChange(withFields(filter, Object.fromEntries(chip.fields.map((field) => [field, undefined]))))}
            className={classes.remove}
          >
            ×
          </button>
        </Badge>
      ))}
    </Group>
  );
}
