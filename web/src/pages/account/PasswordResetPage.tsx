import { Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { passwordResetSchema } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { useNavigate, useParams } from '../../router';
import { AccountCard, FormFailure } from '../../account/AccountCard';
import { RESET_PASSWORD } from '../../account/operations';
import { PasswordStrengthMeter } from '../../account/PasswordStrengthMeter';
import { useAccountForm } from '../../account/useAccountForm';

/** Sets a new password from the mailed link's token. */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const [resetPassword] = useMutation(RESET_PASSWORD);
  const form = useAccountForm(passwordResetSchema, { token, password: '', passwordConfirm: '' });

  const submit = form.onSubmit(async () => {
    await resetPassword({ variables: form.values });
    await navigate('/setNewPasswordResult');
  });

  return (
    <AccountCard title={t('reset.title')} intro={t('reset.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={form.failure?.message} />
          <div>
            <PasswordInput
              label={t('account.newPassword')}
              autoComplete="new-password"
              value={form.values.password}
              onChange={(event) => form.set('password', event.currentTarget.value)}
              error={form.error('password')}
            />
            <PasswordStrengthMeter password={form.values.password} />
          </div>
          <PasswordInput
            label={t('account.passwordConfirm')}
            autoComplete="new-password"
            value={form.values.passwordConfirm}
            onChange={(event) => form.set('passwordConfirm', event.currentTarget.value)}
            error={form.error('passwordConfirm') ?? form.error('token')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('reset.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
