import { SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { localize, USER_TYPE_LABELS, USER_TYPES, type UserType } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';

export interface PersonValues {
  userType: UserType;
  merchantName: string;
  name: string;
  lastName: string;
  lastName2: string;
}

interface Props {
  values: PersonValues;
  set: (field: keyof PersonValues, value: string) => void;
  error: (field: string) => string | undefined;
}

/** User type, the merchant name for a dealer, the name and both surnames. */
export function PersonFields({ values, set, error }: Props) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  return (
    <Stack gap="sm">
      <div>
        <Text size="sm" fw={500} mb={4}>
          {t('account.userType')}
        </Text>
        <SegmentedControl
          fullWidth
          aria-label={t('account.userType')}
          value={values.userType}
          onChange={(value) => set('userType', value as UserType)}
          data={USER_TYPES.map((type) => ({ value: type, label: localize(USER_TYPE_LABELS[type], language) }))}
        />
      </div>
      {values.userType === 'CARS_SELLER_MERCHANT' && (
        <TextInput
          label={t('account.merchantName')}
          value={values.merchantName}
          onChange={(event) => set('merchantName', event.currentTarget.value)}
          error={error('merchantName')}
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput
          label={t('account.name')}
          autoComplete="given-name"
          value={values.name}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={error('name')}
        />
        <TextInput
          label={t('account.lastName')}
          autoComplete="family-name"
          value={values.lastName}
          onChange={(event) => set('lastName', event.currentTarget.value)}
          error={error('lastName')}
        />
        <TextInput
          label={t('account.lastName2')}
          value={values.lastName2}
          onChange={(event) => set('lastName2', event.currentTarget.value)}
          error={error('lastName2')}
        />
      </SimpleGrid>
    </Stack>
  );
}
