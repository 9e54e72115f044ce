import { Anchor, Text, Title } from '../../ui/Text';
import { Container, Stack } from '../../ui/Group';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../router';
import { TIP_ROUTES, TipsList, type TipKind } from '../../catalogue/Tips';
import { usePageHead } from '../../ssr/env';

function TipsPage({ kind }: { kind: TipKind }) {
  const { t } = useTranslation();
  const other: TipKind = kind === 'buying' ? 'selling' : 'buying';
  usePageHead({ title: `${t(`catalogue.tips.${kind}.title`)} · ${t('app.name')}`, description: t('seo.tips') });
  return (
    <Container size="md" py={{ base: 32, sm: 48 }}>
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{t(`catalogue.tips.${kind}.title`)}</Title>
          <Text c="dimmed">{t(`catalogue.tips.${kind}.intro`)}</Text>
        </Stack>
        <TipsList kind={kind} />
        <Anchor component={Link} to={TIP_ROUTES[other]} fw={600}>
          {t(`catalogue.tips.${other}.readAll`)}
        </Anchor>
      </Stack>
    </Container>
  );
}

export function BuyingTipsPage() {
  return <TipsPage kind="buying" />;
}

export function SellingTipsPage() {
  return <TipsPage kind="selling" />;
}
