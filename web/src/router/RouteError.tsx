import { Container, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { Button } from '../ui/Button';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { useEffect } from 'react';
import { Link, useRouteError } from './index';
import { markLive } from '../ssr/env';
import { ChunkLoadError } from './chunks';

/** Shown in place of a page that failed to load or to render; the header and footer stay. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  const chunk = error instanceof ChunkLoadError;
  console.error(error);
  useEffect(() => markLive(), []);

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md" role="alert">
        <IconAlertTriangle size={56} stroke={1.5} color="var(--mantine-color-ruedas-7)" aria-hidden />
        <Title order={1} size="h2">
          {chunk ? t('errors.chunkLoad.title') : t('errors.unexpected.title')}
        </Title>
        <Text c="dimmed">{chunk ? t('errors.chunkLoad.text') : t('errors.unexpected.text')}</Text>
        {chunk ? (
          <Button onClick={() => window.location.reload()}>{t('errors.chunkLoad.reload')}</Button>
        ) : (
          <Button component={Link} to="/" reloadDocument>
            {t('errors.unexpected.backHome')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}
