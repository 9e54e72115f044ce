import { Alert, Center, Container, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/** The frame of every account screen: a titled card, narrow for short forms. */
export function AccountCard({ title, intro, size = 'xs', children }: { title: string; intro?: ReactNode; size?: 'xs' | 'sm' | 'md'; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(`${title} · ${t('app.name')}`);
  return (
    <Container size={size} py={{ base: 'md', sm: 48 }} px={{ base: 'xs', sm: 'md' }}>
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            {title}
          </Title>
          {intro && <Text c="dimmed">{intro}</Text>}
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}

/** A refusal that belongs to no field, in the server's words. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="form-failure">
      {message}
    </Alert>
  );
}

/** What a form shows until its data comes: the server's refusal (`error`) or, while it loads, a spinner. */
export function FormPending({ error }: { error: { message: string } | undefined }) {
  const { t } = useTranslation();
  if (error) return <FormFailure message={error.message} />;
  return (
    <Center py="md">
      <Loader aria-label={t('app.loading')} />
    </Center>
  );
}
