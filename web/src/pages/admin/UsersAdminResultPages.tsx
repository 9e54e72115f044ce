import { Button } from '@mantine/core';
import { ResultFrame } from '../../admin/ResultFrame';
import { useTranslation } from '../../i18n/react';
import { Link, useLocation } from '../../router';

/** A text handed over in the navigation's state (e.g. the saved user's name), or null. */
function useStateText(key: string): string | null {
  const state = useLocation().state as Record<string, unknown> | null;
  const value = state?.[key];
  return typeof value === 'string' && value.trim() ? value : null;
}

/** /adminUserMaintenanceResult (spec 02 §2, §8 "user updated by admin"): Continue goes back to the users list. */
export function AdminUserMaintenanceResultPage() {
  const { t } = useTranslation();
  const name = useStateText('name');
  return (
    <ResultFrame title={t('usersAdmin.editResult.title')} text={name ? t('usersAdmin.editResult.named', { name }) : t('usersAdmin.editResult.text')}>
      <Button component={Link} to="/usersMaintenance">
        {t('usersAdmin.editResult.continue')}
      </Button>
    </ResultFrame>
  );
}

/** /impersonalRegistrationResult (spec 02 §2): the person was mailed the link to set a password. */
export function ImpersonalRegistrationResultPage() {
  const { t } = useTranslation();
  const email = useStateText('email');
  return (
    <ResultFrame
      title={t('usersAdmin.registerResult.title')}
      text={email ? t('usersAdmin.registerResult.text', { email }) : t('usersAdmin.registerResult.generic')}
    >
      <Button component={Link} to="/impersonalRegister" variant="default">
        {t('usersAdmin.registerResult.another')}
      </Button>
      <Button component={Link} to="/usersMaintenance">
        {t('usersAdmin.registerResult.users')}
      </Button>
    </ResultFrame>
  );
}
