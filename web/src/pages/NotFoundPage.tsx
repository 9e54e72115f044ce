import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Wheel } from '../layout/Wheel';

export default function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('notFound.title')} · ${t('app.name')}`);
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
