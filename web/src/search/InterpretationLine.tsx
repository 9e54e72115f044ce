import { Group } from '../ui/Group';
import { Text } from '../ui/Text';
import { Badge } from '../ui/Badge';
import { formatNumber, FUEL_TYPE_LABELS, localize, STYLE_LABELS, TRANSMISSION_TYPE_LABELS, type Locale } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import type { SearchOpportunitiesQuery } from './operations';
import { brandText } from '../texts/adText';
import { colourText } from '../texts/placeAndColourText';
import { useLanguage } from '../i18n';
import classes from './InterpretationLine.module.css';

type Interpretation = SearchOpportunitiesQuery['searchOpportunities']['interpretation'];
type Part = NonNullable<Interpretation['parts']>[number];
type Translate = ReturnType<typeof useTranslation>['t'];

/**
 * What a chip says: the value understood, in the page's language, for the vocabulary's words (a
 * misspelling shows corrected; each kind is set once, so the interpretation's field is the part's);
 * the words as typed, after what they set, for numbers and places.
 */
function partLabel(part: Part, filter: Interpretation, language: Locale, t: Translate): string {
  switch (part.kind) {
    case 'BRAND':
      return filter.brand ? brandText(filter.brand, language) : part.text;
    case 'MODEL':
      return filter.model ?? part.text;
    case 'TRANSMISSION':
      return filter.transmissionType ? localize(TRANSMISSION_TYPE_LABELS[filter.transmissionType], language) : part.text;
    case 'FUEL':
      return filter.fuelType ? localize(FUEL_TYPE_LABELS[filter.fuelType], language) : part.text;
    case 'STYLE':
      return (filter.styles ?? []).map((style) => localize(STYLE_LABELS[style], language)).join(' / ') || part.text;
    case 'COLOUR':
      return filter.exteriorColor ? colourText(filter.exteriorColor, language) : part.text;
    case 'YEAR':
      return `${t('search.year')}: ${part.text}`;
    case 'PRICE':
      return `${t('search.price')}: ${part.text}`;
    case 'PASSENGERS':
      return `${t('search.passengers')}: ${part.text}`;
    case 'MILEAGE':
      return `${t('search.mileage')}: ${part.text}`;
    case 'PLACE':
      return part.text.replace(/^(en|de|in|desde|from)\s+/i, '');
    case 'TEXT':
      return t('search.reading.text', { text: part.text });
  }
}

/**
 * How the search service read the free text (issue 27): each understood part as a chip that can be
 * removed (the search runs again on the text without its words), and, when the whole phrase found
 * nothing, which words were left out and what the rest found ("Sin 'heredia': 4 carros"). Nothing
 * without text.
 */
export function InterpretationLine({
  interpretation,
  total,
  onText,
}: {
  interpretation: Interpretation;
  total: number;
  /** Searches this free text instead (the other filters kept). */
  onText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (!interpretation.text) return null;
  const parts = interpretation.parts ?? [];
  const dropped = interpretation.droppedWords ?? [];
  return (
    <>
      {parts.length > 0 && (
        <Group gap={6} data-testid="interpretation">
          <Text size="sm" c="dimmed">
            {t('search.interpretation')}:
          </Text>
          {parts.map((part) => {
            const label = partLabel(part, interpretation, language, t);
            return (
              <Badge key={`${part.kind}|${part.text}`} variant="light" radius="sm" tt="none" data-kind={part.kind} data-testid="reading-chip">
                <span>{label}</span>
                <button
                  type="button"
                  aria-label={t('search.reading.removePart', { part: label })}
                  onClick={() => onText(part.textWithout)}
                  className={classes.remove}
                >
                  ×
                </button>
              </Badge>
            );
          })}
        </Group>
      )}
      {dropped.length > 0 && (
        <Text size="sm" data-testid="dropped-words" role="status">
          {t('search.reading.dropped', {
            words: dropped.map((word) => `'${word}'`).join(', '),
            count: total,
            formatted: formatNumber(total, language),
          })}
        </Text>
      )}
    </>
  );
}
