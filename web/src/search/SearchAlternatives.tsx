import { Stack } from '../ui/Group';
import { Text } from '../ui/Text';
import { Button } from '../ui/Button';
import { formatMoney, formatNumber } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';
import type { SearchFilter } from './filter';
import { readFilter } from './readFilter';
import type { SearchOpportunitiesQuery } from './operations';

type Alternative = SearchOpportunitiesQuery['searchOpportunities']['alternatives'][number];

/**
 * What a search that found nothing offers instead (the search service's `alternatives`): "did you
 * mean", the same search without its year, or with a wider price, each with what it finds. A tap
 * runs it like any other search.
 */
export function SearchAlternatives({ alternatives, onSearch }: { alternatives: readonly Alternative[]; onSearch: (filter: SearchFilter) => void }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (alternatives.length === 0) return null;
  const money = (amount: number | null | undefined, currency: string | null | undefined) =>
    amount == null ? '' : formatMoney(amount, currency === 'USD' ? 'USD' : 'CRC', language);
  const label = (alternative: Alternative) => {
    const { filter } = alternative;
    switch (alternative.kind) {
      case 'DID_YOU_MEAN':
        return t('search.alternatives.didYouMean', { text: filter.text ?? '' });
      case 'DROP_YEAR':
        return t('search.alternatives.dropYear');
      case 'WIDEN_PRICE':
        if (filter.priceFrom == null && filter.priceTo == null) return t('search.alternatives.anyPrice');
        if (filter.priceFrom == null) return t('search.alternatives.priceUpTo', { to: money(filter.priceTo, filter.currency) });
        if (filter.priceTo == null) return t('search.alternatives.priceFrom', { from: money(filter.priceFrom, filter.currency) });
        return t('search.alternatives.priceBetween', { from: money(filter.priceFrom, filter.currency), to: money(filter.priceTo, filter.currency) });
    }
  };
  return (
    <Stack gap="xs" align="center" data-testid="search-alternatives">
      <Text fw={600}>{t('search.alternatives.title')}</Text>
      {alternatives.map((alternative) => (
        <Button
          key={alternative.kind}
          variant="light"
          data-kind={alternative.kind}
          onClick={() =>
            onSearch(readFilter(Object.fromEntries(Object.entries(alternative.filter).filter(([key, value]) => key !== '__typename' && value != null))).filter)
          }
        >
          {t('search.alternatives.option', {
            label: label(alternative),
            count: alternative.totalItems,
            formatted: formatNumber(alternative.totalItems, language),
          })}
        </Button>
      ))}
    </Stack>
  );
}
