import { Container, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/**
 * The frame of an admin result screen (a check, the title, the text, an optional note and the
 * buttons to carry on), which also names the browser tab.
 */
export function ResultFrame({ title, text, note, children }: { title: string; text: string; note?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="green">
          <IconCheck size={36} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {title}
        </Title>
        <Text data-testid="result-text">{text}</Text>
        {note}
        <Group justify="center">{children}</Group>
      </Stack>
    </Container>
  );
}
