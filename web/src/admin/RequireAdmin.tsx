import { Alert, Center, Container, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../catalogue/useViewer';
import { RequireSignIn } from '../router/RequireSignIn';

/**
 * An administrator's page: a visitor goes to sign in; a signed-in user who is not an administrator
 * reads that the page is for administrators. The server checks every admin operation anyway.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return (
    <RequireSignIn>
      <AdminOnly>{children}</AdminOnly>
    </RequireSignIn>
  );
}

function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (viewer.isAdmin) return children;
  if (viewer.userId === null)
    return (
      <Center py={120}>
        <Loader aria-label={t('app.loading')} />
      </Center>
    );
  return (
    <Container size="sm" py="xl">
      <Alert color="gray" role="alert">
        {t('admin.onlyAdmins')}
      </Alert>
    </Container>
  );
}
