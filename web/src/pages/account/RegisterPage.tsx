import { Anchor, Button, Divider, PasswordInput, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { registrationSchema, type Registration } from '@ruedas/domain';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate } from '../../router';
import { AccountCard, FormFailure } from '../../account/AccountCard';
import { EmailField } from '../../account/EmailField';
import { LocationSelects } from '../../account/LocationSelects';
import { REGISTER, REGISTRATION_CAPTCHA } from '../../account/operations';
import { PasswordStrengthMeter } from '../../account/PasswordStrengthMeter';
import { PersonFields } from '../../account/PersonFields';
import { blankPerson } from '../../account/personValues';
import { PhonesEditor } from '../../account/PhonesEditor';
import { TermsCheckbox } from '../../account/TermsCheckbox';
import { TurnstileWidget } from '../../account/TurnstileWidget';
import { useAccountForm } from '../../account/useAccountForm';
import { useLanguage } from '../../i18n';
import { apiLanguage } from '../../i18n/apiLanguage';

/** What `registrationSchema` parses to, the language aside (the UI's is sent), with the terms box not yet ticked. */
type RegistrationValues = Omit<Registration, 'language' | 'agreement'> & { agreement: boolean };

export default function RegisterPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const [register] = useMutation(REGISTER);
  const captchaQuery = useQuery(REGISTRATION_CAPTCHA);
  const turnstileSiteKey = captchaQuery.data?.registrationCaptcha.provider === 'TURNSTILE' ? captchaQuery.data.registrationCaptcha.siteKey : null;
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaPending, setCaptchaPending] = useState(false);
  const [captchaResets, setCaptchaResets] = useState(0);
  const form = useAccountForm<RegistrationValues>(registrationSchema, {
    ...blankPerson(),
    email: '',
    password: '',
    passwordConfirm: '',
    agreement: false,
  });
  const { values, set, error } = form;

  const submit = form.onSubmit(async () => {
    // Turnstile tokens are single-use: without one, wait for the person to solve the widget.
    if (turnstileSiteKey && !captchaToken) {
      setCaptchaPending(true);
      return;
    }
    try {
      await register({ variables: { input: { ...values, language: apiLanguage(language) }, captchaToken } });
    } catch (cause) {
      if (turnstileSiteKey) setCaptchaResets((count) => count + 1);
      throw cause;
    }
    await navigate('/registrationResult');
  });

  function receiveCaptchaToken(token: string | null) {
    setCaptchaToken(token);
    if (token) setCaptchaPending(false);
  }

  // The server's invalidCaptcha message stays until a new token is solved.
  const captchaError = captchaToken ? undefined : (error('captcha') ?? (captchaPending ? t('register.captchaPending') : undefined));

  return (
    <AccountCard title={t('register.title')} intro={t('register.intro')} size="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <FormFailure message={form.failure?.message} />
          <PersonFields values={values} set={set} error={error} />
          <EmailField label={t('account.email')} form={form} />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <div>
              <PasswordInput
                label={t('account.password')}
                autoComplete="new-password"
                value={values.password}
                onChange={(event) => set('password', event.currentTarget.value)}
                error={error('password')}
              />
              <PasswordStrengthMeter password={values.password} />
            </div>
            <PasswordInput
              label={t('account.passwordConfirm')}
              autoComplete="new-password"
              value={values.passwordConfirm}
              onChange={(event) => set('passwordConfirm', event.currentTarget.value)}
              error={error('passwordConfirm')}
            />
          </SimpleGrid>
          <Divider />
          <PhonesEditor phones={values.phoneList} onChange={(phones) => set('phoneList', phones)} error={error} />
          <LocationSelects value={values} onChange={(location) => form.setValues((current) => ({ ...current, ...location }))} error={error} />
          <TermsCheckbox
            text={t('register.agreement')}
            linkText={t('register.terms')}
            checked={values.agreement}
            onChange={(checked) => set('agreement', checked)}
            error={error('agreement')}
          />
          {turnstileSiteKey && (
            <TurnstileWidget siteKey={turnstileSiteKey} language={language} onToken={receiveCaptchaToken} resetSignal={captchaResets} error={captchaError} />
          )}
          <Button type="submit" loading={form.submitting || captchaQuery.loading} fullWidth>
            {t('register.submit')}
          </Button>
          <Text size="sm" ta="center">
            {t('register.haveAccount')}{' '}
            <Anchor component={Link} to="/signin" fw={600}>
              {t('profile.signIn')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AccountCard>
  );
}
