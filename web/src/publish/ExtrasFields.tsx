import { Card, Checkbox, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { EXTRA_CATEGORIES, EXTRA_CATEGORY_LABELS, extrasByCategory, localize, type Locale } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';

interface Props {
  value: readonly string[];
  onChange: (keys: string[]) => void;
  locale: Locale;
}

/** Step 2: the extras, grouped by category and sorted by label in the interface language. */
export function ExtrasFields({ value, onChange, locale }: Props) {
  const { t } = useTranslation();
  const ticked = new Set(value);
  const toggle = (key: string, on: boolean) => onChange(on ? [...value.filter((kept) => kept !== key), key] : value.filter((kept) => kept !== key));

  return (
    <Stack gap="md">
      <Title order={2} size="h3">
        {t('publish.step2.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {EXTRA_CATEGORIES.map((category) => (
          <Card key={category} withBorder radius="md" padding="md" role="group" aria-label={localize(EXTRA_CATEGORY_LABELS[category], locale)}>
            <Text fw={700} mb="xs">
              {localize(EXTRA_CATEGORY_LABELS[category], locale)}
            </Text>
            <Stack gap={6}>
              {extrasByCategory(category, locale).map((extra) => (
                <Checkbox
                  key={extra.key}
                  label={localize(extra.label, locale)}
                  checked={ticked.has(extra.key)}
                  onChange={(event) => toggle(extra.key, event.currentTarget.checked)}
                />
              ))}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
