import { Anchor, Button, Stack } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { forgotPasswordSchema } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate } from '../../router';
import { AccountCard, FormFailure } from '../../account/AccountCard';
import { EmailField } from '../../account/EmailField';
import { REQUEST_PASSWORD_RESET } from '../../account/operations';
import { useAccountForm } from '../../account/useAccountForm';
import { useLanguage } from '../../i18n';
import { apiLanguage } from '../../i18n/apiLanguage';

export default function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const [requestReset] = useMutation(REQUEST_PASSWORD_RESET);
  const form = useAccountForm(forgotPasswordSchema, { email: '' });

  const submit = form.onSubmit(async () => {
    await requestReset({ variables: { email: form.values.email, locale: apiLanguage(language) } });
    await navigate('/forgotPasswordResult');
  });

  return (
    <AccountCard title={t('forgot.title')} intro={t('forgot.intro')}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={form.failure?.message} />
          <EmailField label={t('account.email')} form={form} />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('forgot.submit')}
          </Button>
          <Anchor component={Link} to="/signin" size="sm" ta="center">
            {t('forgot.backToSignIn')}
          </Anchor>
        </Stack>
      </form>
    </AccountCard>
  );
}
