import { ActionIcon, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { DEFAULT_PHONE_TYPE, localize, MAX_PHONES, PHONE_TYPE_LABELS, PHONE_TYPES, type PhoneEntry, type PhoneType } from '@ruedas/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { useLanguage } from '../i18n';

/** One row of the editor: @ruedas/domain's parsed phone entry. */
export type PhoneRow = PhoneEntry;

export const newPhoneRow = (): PhoneRow => ({ phone: '', phoneType: DEFAULT_PHONE_TYPE });

interface Props {
  phones: PhoneRow[];
  onChange: (phones: PhoneRow[]) => void;
  /** The message of a field path ('phoneList', 'phoneList.0.phone', ...). */
  error: (field: string) => string | undefined;
}

/** 1 to 5 phone rows, each a number and a type (WhatsApp by default); the last row cannot be deleted. */
export function PhonesEditor({ phones, onChange, error }: Props) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const typeOptions = PHONE_TYPES.map((type) => ({ value: type, label: localize(PHONE_TYPE_LABELS[type], language) }));
  const update = (index: number, change: Partial<PhoneRow>) => onChange(phones.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('account.phones')}
      </Text>
      {phones.map((row, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            flex={1}
            miw={0}
            inputMode="tel"
            aria-label={t('account.phoneNumber', { number: index + 1 })}
            placeholder="8888-8888"
            value={row.phone}
            onChange={(event) => update(index, { phone: event.currentTarget.value })}
            error={error(`phoneList.${index}.phone`)}
          />
          <Select
            w={130}
            aria-label={t('account.phoneType', { number: index + 1 })}
            data={typeOptions}
            value={row.phoneType}
            allowDeselect={false}
            onChange={(value) => value && update(index, { phoneType: value as PhoneType })}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            mt={2}
            disabled={phones.length < 2}
            aria-label={t('account.deletePhone', { number: index + 1 })}
            onClick={() => onChange(phones.filter((_, at) => at !== index))}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
      ))}
      {error('phoneList') && (
        <Text size="xs" c="red">
          {error('phoneList')}
        </Text>
      )}
      <Button
        variant="light"
        size="xs"
        w="fit-content"
        leftSection={<IconPlus size={14} />}
        disabled={phones.length >= MAX_PHONES}
        onClick={() => onChange([...phones, newPhoneRow()])}
      >
        {t('account.addPhone')}
      </Button>
    </Stack>
  );
}
