import { Center, Container } from '../ui/Group';
import { Alert } from '../ui/Alert';
import { Loader } from '../ui/Loader';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { useViewer } from '../catalogue/useViewer';
import { RequireSignIn } from '../session/RequireSignIn';

interface RequireAdminProps {
  children: ReactNode;
  /** The page is the impersonator's too (spec 02 §6: users maintenance, impersonal registration). */
  allowImpersonator?: boolean;
}

/**
 * An administrator's page: a visitor goes to sign in; a signed-in user who is not an administrator
 * (nor, with `allowImpersonator`, an impersonator) reads that the page is for administrators. The
 * server checks every admin operation anyway.
 */
export function RequireAdmin({ children, allowImpersonator = false }: RequireAdminProps) {
  return (
    <RequireSignIn>
      <AdminOnly allowImpersonator={allowImpersonator}>{children}</AdminOnly>
    </RequireSignIn>
  );
}

function AdminOnly({ children, allowImpersonator }: Required<RequireAdminProps>) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (viewer.isAdmin || (allowImpersonator && viewer.impersonator && viewer.userId !== null)) return children;
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
