import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../router';
import { AccountCard } from '../../account/AccountCard';

/** The i18n section (`results.<kind>`) holding the title, text and action of each result screen. */
export type ResultKind = 'registration' | 'forgotPassword' | 'newPassword' | 'profile';

const ACTION_ROUTES: Record<ResultKind, string> = {
  registration: '/',
  forgotPassword: '/signin',
  newPassword: '/signin',
  profile: '/',
};

/** The message shown after a completed account step, with the button to carry on. */
export function ResultPage({ kind }: { kind: ResultKind }) {
  const { t } = useTranslation();
  return (
    <AccountCard title={t(`results.${kind}.title`)}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={56} radius="xl" color="green" variant="light">
          <IconCircleCheck size={36} />
        </ThemeIcon>
        <Text data-testid="result-text">{t(`results.${kind}.text`)}</Text>
        <Button component={Link} to={ACTION_ROUTES[kind]}>
          {t(`results.${kind}.action`)}
        </Button>
      </Stack>
    </AccountCard>
  );
}

export const RegistrationResultPage = () => <ResultPage kind="registration" />;
export const ForgotPasswordResultPage = () => <ResultPage kind="forgotPassword" />;
export const SetNewPasswordResultPage = () => <ResultPage kind="newPassword" />;
export const EditMyProfileResultPage = () => <ResultPage kind="profile" />;
