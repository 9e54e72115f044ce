import { Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { ID_TYPE_LABELS, ID_TYPES, localize, type AdminUserEdit, type IdType, type Language } from '@ruedas/domain';
import { useTranslation } from '../../i18n/react';
import { LocationSelects } from '../../account/LocationSelects';
import { PersonFields } from '../../account/PersonFields';
import { PhonesEditor } from '../../account/PhonesEditor';
import { LANGUAGES, useLanguage } from '../../i18n';
import { apiLanguage } from '../../i18n/apiLanguage';

/** The person fields an administrator (or an impersonator) fills for somebody (spec 02 §3 User). */
export type UserValues = Omit<AdminUserEdit, 'role' | 'status'>;

interface Props {
  values: UserValues;
  onChange: (change: Partial<UserValues>) => void;
  /** The message of a field path of the user ('name', 'phoneList.0.phone', ...). */
  error: (field: string) => string | undefined;
  /** Which texts section labels the e-mail, language and identification: the edit or the registration. */
  section: 'edit' | 'register';
  /** The e-mail is the administrator's to change (spec 02 §6). */
  emailDisabled?: boolean;
  emailHint?: string;
  disabled?: boolean;
}

/** Type, names, e-mail, phones, location, language and identification of a user. */
export function UserFields({ values, onChange, error, section, emailDisabled = false, emailHint, disabled = false }: Props) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const label = (key: string) => t(`usersAdmin.${section}.${key}`);
  return (
    <Stack gap="md">
      <fieldset disabled={disabled} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Stack gap="md">
          <PersonFields values={values} set={(field, value) => onChange({ [field]: value } as Partial<UserValues>)} error={error} />
          <TextInput
            label={label('email')}
            type="email"
            autoComplete="off"
            maxLength={64}
            value={values.email}
            disabled={emailDisabled}
            description={emailDisabled ? emailHint : undefined}
            onChange={(event) => onChange({ email: event.currentTarget.value })}
            error={error('email')}
          />
          <PhonesEditor phones={values.phoneList} onChange={(phoneList) => onChange({ phoneList })} error={error} />
          <LocationSelects value={values} onChange={(location) => onChange(location)} error={error} />
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <Select
              label={label('language')}
              data={LANGUAGES.map((option) => ({ value: option, label: t(`language.${option}`) }))}
              value={values.language}
              allowDeselect={false}
              onChange={(value) => value && onChange({ language: value as Language })}
              error={error('language')}
            />
            <Select
              label={label('idType')}
              data={[{ value: '', label: label('noIdType') }, ...ID_TYPES.map((type) => ({ value: type, label: localize(ID_TYPE_LABELS[type], language) }))]}
              value={values.idType ?? ''}
              allowDeselect={false}
              onChange={(value) => onChange({ idType: value ? (value as IdType) : undefined })}
              error={error('idType')}
            />
            <TextInput
              label={label('identification')}
              maxLength={32}
              value={values.identification}
              onChange={(event) => onChange({ identification: event.currentTarget.value })}
              error={error('identification')}
            />
          </SimpleGrid>
        </Stack>
      </fieldset>
    </Stack>
  );
}

/** The input the identity operations take: an empty id type is left out. */
export function userInput(values: UserValues) {
  const { idType, phoneList, ...rest } = values;
  return {
    ...rest,
    language: apiLanguage(rest.language),
    phoneList: phoneList.map(({ phone, phoneType }) => ({ phone, phoneType })),
    ...(idType ? { idType } : {}),
  };
}
