import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from '../../router';

/** /globalParametersEditResult: the parameters were saved; Continue goes back to /globalParameters. */
export default function GlobalParametersResultPage() {
  const { t } = useTranslation();
  useDocumentTitle(`${t('admin.parametersResult.title')} · ${t('app.name')}`);
  const state = useLocation().state as { changed?: unknown } | null;
  const changed = typeof state?.changed === 'number' ? state.changed : null;
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="green">
          <IconCheck size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('admin.parametersResult.title')}
        </Title>
        <Text>{t('admin.parametersResult.text')}</Text>
        {changed !== null && <Text c="dimmed">{t('admin.parametersResult.changed', { count: changed })}</Text>}
        <Button component={Link} to="/globalParameters">
          {t('admin.parametersResult.continue')}
        </Button>
      </Stack>
    </Container>
  );
}
