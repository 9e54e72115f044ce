import { Anchor, Text, Title } from '../ui/Text';
import { Group, Stack } from '../ui/Group';
import { Card } from '../ui/Card';
import { List, ListItem } from '../ui/List';
import { ThemeIcon } from '../ui/ThemeIcon';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';

/** Spec 01 §2: 7 buying tips and 4 selling tips; their texts are `catalogue.tips.<kind>.<n>`. */
export const TIP_COUNTS = { buying: 7, selling: 4 } as const;
export type TipKind = keyof typeof TIP_COUNTS;

export const TIP_ROUTES: Readonly<Record<TipKind, string>> = {
  buying: '/buyingUsedCardTips',
  selling: '/sellingUsedCardTips',
};

const numbers = (kind: TipKind) => Array.from({ length: TIP_COUNTS[kind] }, (_, index) => index + 1);

/** Every tip of a kind with its explanation, for the tips pages. */
export function TipsList({ kind }: { kind: TipKind }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      {numbers(kind).map((number) => (
        <Card key={number} withBorder radius="md" padding="lg" component="article">
          <Group align="flex-start" wrap="nowrap" gap="md">
            <ThemeIcon radius="xl" size="lg" variant="light">
              {number}
            </ThemeIcon>
            <Stack gap={6}>
              <Title order={2} size="h4">
                {t(`catalogue.tips.${kind}.${number}.title`)}
              </Title>
              <Text>{t(`catalogue.tips.${kind}.${number}.body`)}</Text>
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** A home section: the tips' titles and a link to read them in full. */
export function TipsSection({ kind }: { kind: TipKind }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={`${kind}-tips`}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h3" id={`${kind}-tips`}>
          {t(`catalogue.tips.${kind}.title`)}
        </Title>
        <List type="ordered" spacing={6} style={{ flex: 1 }}>
          {numbers(kind).map((number) => (
            <ListItem key={number}>{t(`catalogue.tips.${kind}.${number}.title`)}</ListItem>
          ))}
        </List>
        <Anchor component={Link} to={TIP_ROUTES[kind]} fw={600}>
          {t(`catalogue.tips.${kind}.readAll`)}
        </Anchor>
      </Stack>
    </Card>
  );
}
