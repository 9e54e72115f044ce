import { Alert, Anchor, Container } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { useSession } from '../session/session';

/** Under the header while the session has expired: asks the user to sign in again. */
export function SessionExpiredNotice() {
  const session = useSession();
  const { t } = useTranslation();
  if (session.status !== 'expired') return null;
  return (
    <Container size="lg" pt="sm">
      <Alert color="orange" icon={<IconClockExclamation size={20} />} role="alert" data-testid="session-expired">
        {t('profile.sessionExpired')}{' '}
        <Anchor component={Link} to="/signin" fw={700}>
          {t('profile.signIn')}
        </Anchor>
      </Alert>
    </Container>
  );
}
