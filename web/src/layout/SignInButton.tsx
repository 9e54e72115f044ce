import { Button } from '../ui/Button';
import { IconLogin } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';

/** What the header shows a visitor where a signed-in user has the profile menu. */
export function SignInButton({ fullWidth = false }: { fullWidth?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button component={Link} to="/signin" variant="light" fullWidth={fullWidth} leftSection={<IconLogin size={18} />}>
      {t('profile.signIn')}
    </Button>
  );
}
