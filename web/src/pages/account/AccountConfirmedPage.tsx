import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { IconCircleCheck } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useParams } from '../../router';
import { AccountCard, FormFailure } from '../../account/AccountCard';
import { apiError } from '../../data/apiError';
import { CONFIRM_ACCOUNT } from '../../account/operations';

type Outcome = { status: 'pending' } | { status: 'confirmed' } | { status: 'failed'; message: string };

/** Posts the mailed link once on load and says whether the account is now active (or 0004). */
export default function AccountConfirmedPage() {
  const { t } = useTranslation();
  const { link = '' } = useParams();
  const [confirm] = useMutation(CONFIRM_ACCOUNT);
  const [outcome, setOutcome] = useState<Outcome>({ status: 'pending' });

  useEffect(() => {
    let current = true;
    confirm({ variables: { link } }).then(
      () => current && setOutcome({ status: 'confirmed' }),
      (cause: unknown) => current && setOutcome({ status: 'failed', message: apiError(cause).message }),
    );
    return () => {
      current = false;
    };
  }, [confirm, link]);

  return (
    <AccountCard title={t('confirm.title')}>
      {outcome.status === 'pending' && (
        <Center py="md">
          <Loader aria-label={t('app.loading')} />
        </Center>
      )}
      {outcome.status === 'confirmed' && (
        <Alert color="green" icon={<IconCircleCheck size={20} />} data-testid="account-confirmed">
          {t('confirm.success')}
        </Alert>
      )}
      {outcome.status === 'failed' && <FormFailure message={outcome.message} />}
      {outcome.status === 'confirmed' && (
        <Stack align="center">
          <Text size="sm">{t('confirm.next')}</Text>
          <Button component={Link} to="/signin">
            {t('profile.signIn')}
          </Button>
        </Stack>
      )}
      {/* A refused link does not say "you can sign in now" (issue 13): it may have been used already, or never have been valid. */}
      {outcome.status === 'failed' && (
        <Stack align="center" data-testid="confirm-failed-next">
          <Text size="sm" ta="center">
            {t('confirm.failedNext')}
          </Text>
          <Button component={Link} to="/signin" variant="light">
            {t('profile.signIn')}
          </Button>
          <Button component={Link} to="/register" variant="subtle">
            {t('confirm.registerAgain')}
          </Button>
        </Stack>
      )}
    </AccountCard>
  );
}
