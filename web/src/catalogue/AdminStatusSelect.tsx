import { Button, Group, NativeSelect, Paper, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { AD_STATUS_LABELS, AD_STATUSES, localize, type AdStatus } from '@ruedas/domain';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { isAdStatus } from '../texts/adText';
import { UPDATE_OPPORTUNITY_STATUS } from './operations';

/** An administrator sets any of the eight statuses by select and Save (spec 01 §4); the history records it. */
export function AdminStatusSelect({ adId, status }: { adId: string; status: AdStatus }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [choice, setChoice] = useState<AdStatus>(status);
  const [save, { data, loading, error, reset }] = useMutation(UPDATE_OPPORTUNITY_STATUS);
  const saved = data?.updateOpportunityStatus.status === choice && !error;

  return (
    <Paper withBorder p="xs" radius="sm" bg="gray.0">
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <NativeSelect
          flex={1}
          size="xs"
          label={t('catalogue.admin.status')}
          value={choice}
          data={AD_STATUSES.map((value) => ({ value, label: localize(AD_STATUS_LABELS[value], language) }))}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isAdStatus(value)) setChoice(value);
            reset();
          }}
        />
        <Button
          size="xs"
          loading={loading}
          disabled={choice === status}
          onClick={() => void save({ variables: { id: adId, status: choice } }).catch(() => undefined)}
        >
          {t('catalogue.admin.save')}
        </Button>
      </Group>
      {saved && (
        <Text size="xs" c="green" mt={4} role="status">
          {t('catalogue.admin.saved')}
        </Text>
      )}
      {error && (
        <Text size="xs" c="red" mt={4} role="alert">
          {apiError(error).message}
        </Text>
      )}
    </Paper>
  );
}
