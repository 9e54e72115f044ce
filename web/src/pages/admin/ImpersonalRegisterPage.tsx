import { Alert, Button, Divider, NumberInput, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import {
  DEFAULT_LANGUAGE,
  DEFAULT_PLAN_LEVEL,
  impersonalRegistrationSchema,
  LEVEL_LABELS,
  localize,
  PLAN_LEVELS,
  translate,
  type PlanLevel,
} from '@ruedas/domain';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../router';
import { AccountCard } from '../../account/AccountCard';
import { blankPerson } from '../../account/personValues';
import { useAccountForm } from '../../account/useAccountForm';
import { IMPERSONAL_REGISTER } from '../../admin/users/operations';
import { UserFields, userInput, type UserValues } from '../../admin/users/UserFields';
import { useLanguage } from '../../i18n';

interface RegistrationValues {
  user: UserValues;
  plan: { planLevel: PlanLevel; totalOpportunities: number | string };
}

const initialValues = (): RegistrationValues => ({
  user: {
    ...blankPerson(),
    email: '',
    language: DEFAULT_LANGUAGE,
    idType: undefined,
    identification: '',
  },
  plan: { planLevel: DEFAULT_PLAN_LEVEL, totalOpportunities: 0 },
});

/**
 * /impersonalRegister (spec 02 §2, §5): an administrator or an impersonator registers a person on
 * their behalf: the person's data (same rules as registration, `impersonalRegistrationSchema`), the
 * promotional ads (a whole number from 0) and their plan level (gold, silver, bronze). The role is
 * ADVERTISER; there is no password: the person sets it from the mailed link, which confirms the
 * account. A failure keeps the form as it was (spec 02 §8, errorOccurred).
 */
export default function ImpersonalRegisterPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const navigate = useNavigate();
  const [register] = useMutation(IMPERSONAL_REGISTER);
  const form = useAccountForm<RegistrationValues>(impersonalRegistrationSchema, initialValues());
  const { values } = form;
  // Rules answer per path ('user.name'); identity's e-mail uniqueness answers on 'email'.
  const userError = (field: string) => form.error(`user.${field}`) ?? (field === 'email' ? form.error('email') : undefined);

  const submit = form.onSubmit(async () => {
    const amount = values.plan.totalOpportunities;
    const promotionalAds = typeof amount === 'number' ? amount : amount.trim() === '' ? 0 : Number(amount);
    const { data } = await register({
      variables: { input: { user: userInput(values.user), promotionalAds, planLevel: values.plan.planLevel } },
    });
    if (!data) return;
    await navigate('/impersonalRegistrationResult', { state: { email: data.impersonalRegister.email } });
  });

  return (
    <AccountCard title={t('usersAdmin.register.title')} intro={t('usersAdmin.register.intro')} size="md">
      <form onSubmit={submit} noValidate data-testid="impersonal-form">
        <Stack gap="md">
          {form.failure && (
            <Alert color="red" icon={<IconAlertCircle size={20} />} role="alert" data-testid="form-failure" title={translate('errorOccurred', language)}>
              {form.failure.message}
            </Alert>
          )}
          <UserFields section="register" values={values.user} onChange={(change) => form.set('user', { ...values.user, ...change })} error={userError} />
          <Divider label={t('usersAdmin.register.promotion')} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NumberInput
              label={t('usersAdmin.register.promotionalAds')}
              description={t('usersAdmin.register.promotionalAdsHint')}
              min={0}
              max={1000}
              allowDecimal={false}
              allowNegative={false}
              value={values.plan.totalOpportunities}
              onChange={(value) => form.set('plan', { ...values.plan, totalOpportunities: value })}
              // The domain's rules answer on the form's path; identity's MAX_PROMOTIONAL_ADS bound on 'promotionalAds'.
              error={form.error('plan.totalOpportunities') ?? form.error('promotionalAds')}
            />
            <div>
              <Text size="sm" fw={500} mb={4} id="plan-level-label">
                {t('usersAdmin.register.planLevel')}
              </Text>
              <SegmentedControl
                fullWidth
                aria-labelledby="plan-level-label"
                value={values.plan.planLevel}
                onChange={(value) => form.set('plan', { ...values.plan, planLevel: value as PlanLevel })}
                data={PLAN_LEVELS.map((level) => ({ value: level, label: localize(LEVEL_LABELS[level], language) }))}
              />
            </div>
          </SimpleGrid>
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('usersAdmin.register.submit')}
          </Button>
        </Stack>
      </form>
    </AccountCard>
  );
}
