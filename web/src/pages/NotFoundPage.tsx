import { Container, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { Button } from '../ui/Button';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { Wheel } from '../ui/Wheel';
import { usePageHead } from '../ssr/env';

export default function NotFoundPage() {
  const { t } = useTranslation();
  usePageHead({ title: `${t('notFound.title')} · ${t('app.name')}`, status: 404, noindex: true });
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <Wheel width={96} height={96} />
        <Text fw={800} fz={48} c="ruedas.8" lh={1}>
          404
        </Text>
        <Title order={1} size="h2">
          {t('notFound.title')}
        </Title>
        <Text c="dimmed">{t('notFound.text')}</Text>
        <Button component={Link} to="/">
          {t('notFound.backHome')}
        </Button>
      </Stack>
    </Container>
  );
}
