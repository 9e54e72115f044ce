import { Group } from '../ui/Group';
import { Text } from '../ui/Text';
import { Badge } from '../ui/Badge';
import { FUEL_TYPE_LABELS, localize, STYLE_LABELS, TRANSMISSION_TYPE_LABELS } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import type { SearchFilterFieldsFragment } from './operations';
import { brandText } from '../catalogue/adText';
import { colourText } from '../catalogue/placeAndColourText';
import { useLanguage } from '../i18n';

/**
 * How the search service read the free text ("toyta corola 2015 automatico" → Toyota · Corolla ·
 * 2015 · Automática), so a person sees that a misspelling was understood. Nothing without text.
 */
export function InterpretationLine({ interpretation }: { interpretation: SearchFilterFieldsFragment }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  if (!interpretation.text) return null;
  const { brand, model, year, styles, style, fuelType, transmissionType, exteriorColor } = interpretation;
  const parts = [
    brand && brandText(brand, language),
    model,
    year && String(year),
    ...(styles ?? (style ? [style] : [])).map((value) => localize(STYLE_LABELS[value], language)),
    fuelType && localize(FUEL_TYPE_LABELS[fuelType], language),
    transmissionType && localize(TRANSMISSION_TYPE_LABELS[transmissionType], language),
    exteriorColor && colourText(exteriorColor, language),
  ].filter((part): part is string => Boolean(part));
  if (parts.length === 0) return null;
  return (
    <Group gap={6} data-testid="interpretation">
      <Text size="sm" c="dimmed">
        {t('search.interpretation')}:
      </Text>
      {parts.map((part) => (
        <Badge key={part} variant="light" radius="sm" tt="none">
          {part}
        </Badge>
      ))}
    </Group>
  );
}
