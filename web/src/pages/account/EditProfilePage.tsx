import { Button, Checkbox, Divider, PasswordInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { profileUpdateSchema, type Language, type ProfileUpdate } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { useNavigate } from '../../router';
import { AccountCard, FormFailure, FormPending } from '../../account/AccountCard';
import { DealerSection } from '../../account/DealerSection';
import { LocationSelects } from '../../account/LocationSelects';
import { MY_PROFILE, UPDATE_MY_PROFILE } from '../../account/operations';
import { PasswordStrengthMeter } from '../../account/PasswordStrengthMeter';
import { PersonFields } from '../../account/PersonFields';
import { personOf, type PersonContact } from '../../account/personValues';
import { PhonesEditor } from '../../account/PhonesEditor';
import { languageOf, readable } from '../../account/privateFields';
import { useAccountForm } from '../../account/useAccountForm';
import { LANGUAGES } from '../../i18n';
import { useSessionActions } from '../../session/session';
import { apiLanguage } from '../../i18n/apiLanguage';

/** What `profileUpdateSchema` parses to, without the identity fields (not on this form), with the truth box not yet ticked. */
type ProfileValues = Omit<ProfileUpdate, 'idType' | 'identification' | 'truthDeclaration'> & { truthDeclaration: boolean };

/** One's own profile: loads `me`, then the form. */
export default function EditProfilePage() {
  const { t } = useTranslation();
  const { data, error } = useQuery(MY_PROFILE, { fetchPolicy: 'network-only' });
  return (
    <>
      <AccountCard title={t('editProfile.title')} size="md">
        {data ? <ProfileForm email={readable(data.me).email} initial={profileValues(readable(data.me))} /> : <FormPending error={error} />}
      </AccountCard>
      {/* A merchant's business page (address, hours, map): saved on its own (issue 13). */}
      {data && readable(data.me).userType === 'CARS_SELLER_MERCHANT' && <DealerSection userId={data.me.id} location={readable(data.me)} />}
    </>
  );
}

function profileValues(me: PersonContact & { language: string }): ProfileValues {
  return {
    ...personOf(me),
    language: languageOf(me.language),
    currentPassword: '',
    newPassword: '',
    newPasswordConfirm: '',
    truthDeclaration: false,
  };
}

function ProfileForm({ email, initial }: { email: string; initial: ProfileValues }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { updateUser } = useSessionActions();
  const [updateProfile] = useMutation(UPDATE_MY_PROFILE);
  const form = useAccountForm<ProfileValues>(profileUpdateSchema, initial);
  const { values, set, error } = form;

  const submit = form.onSubmit(async () => {
    const { data } = await updateProfile({ variables: { input: { ...values, language: apiLanguage(values.language) } } });
    if (!data) return;
    const { name, lastName, lastName2, language } = data.updateMyProfile;
    updateUser({ name, lastName, lastName2, language: languageOf(language) });
    await navigate('/editMyProfileResult');
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <FormFailure message={form.failure?.message} />
        <TextInput label={t('account.email')} value={email} readOnly disabled />
        <PersonFields values={values} set={set} error={error} />
        <PhonesEditor phones={values.phoneList} onChange={(phones) => set('phoneList', phones)} error={error} />
        <LocationSelects value={values} onChange={(location) => form.setValues((current) => ({ ...current, ...location }))} error={error} />
        <Select
          label={t('nav.language')}
          data={LANGUAGES.map((option) => ({ value: option, label: t(`language.${option}`) }))}
          value={values.language}
          allowDeselect={false}
          onChange={(value) => value && set('language', value as Language)}
        />
        <Divider label={t('editProfile.changePassword')} labelPosition="left" />
        <Text size="sm" c="dimmed">
          {t('editProfile.passwordHint')}
        </Text>
        <PasswordInput
          label={t('account.currentPassword')}
          autoComplete="current-password"
          value={values.currentPassword}
          onChange={(event) => set('currentPassword', event.currentTarget.value)}
          error={error('currentPassword')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <div>
            <PasswordInput
              label={t('account.newPassword')}
              autoComplete="new-password"
              value={values.newPassword}
              onChange={(event) => set('newPassword', event.currentTarget.value)}
              error={error('newPassword')}
            />
            <PasswordStrengthMeter password={values.newPassword} />
          </div>
          <PasswordInput
            label={t('account.passwordConfirm')}
            autoComplete="new-password"
            value={values.newPasswordConfirm}
            onChange={(event) => set('newPasswordConfirm', event.currentTarget.value)}
            error={error('newPasswordConfirm')}
          />
        </SimpleGrid>
        <Checkbox
          label={t('editProfile.truthDeclaration')}
          checked={values.truthDeclaration}
          onChange={(event) => set('truthDeclaration', event.currentTarget.checked)}
          error={error('truthDeclaration')}
        />
        <Button type="submit" loading={form.submitting} fullWidth>
          {t('editProfile.submit')}
        </Button>
      </Stack>
    </form>
  );
}
