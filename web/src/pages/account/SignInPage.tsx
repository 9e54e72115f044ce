import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { loginSchema } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { Link } from '../../router';
import { AccountCard, FormFailure } from '../../account/AccountCard';
import { EmailField } from '../../account/EmailField';
import { LOGIN } from '../../account/operations';
import { deviceHeaders } from '../../auth/device';
import { useAccountForm } from '../../account/useAccountForm';
import { useSessionActions } from '../../session/session';

export default function SignInPage() {
  const { t } = useTranslation();
  const { signIn } = useSessionActions();
  const [login] = useMutation(LOGIN);
  const form = useAccountForm(loginSchema, { email: '', password: '' });

  const submit = form.onSubmit(async () => {
    // The device value makes this browser a known place of the account after a sign-in (decision 0147).
    const { data } = await login({ variables: form.values, context: { headers: deviceHeaders() } });
    if (data) signIn(data.login);
  });

  return (
    <AccountCard title={t('signIn.title')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={form.failure?.message} />
          <EmailField label={t('account.email')} form={form} />
          <PasswordInput
            label={t('account.password')}
            autoComplete="current-password"
            value={form.values.password}
            onChange={(event) => form.set('password', event.currentTarget.value)}
            error={form.error('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgotPassword" size="sm">
              {t('signIn.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('signIn.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('signIn.noAccount')}{' '}
            <Anchor component={Link} to="/register" fw={600}>
              {t('signIn.createAccount')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountCard>
  );
}
