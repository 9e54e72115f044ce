import { Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { AD_STATUS_LABELS, isPublicStatus, localize, type AdStatus } from '@ruedas/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiError } from '../account/apiError';
import { useLanguage } from '../i18n';
import { MARK_OPPORTUNITY_SOLD } from './operations';

/**
 * The owner's box on their own ad: its status and, while it is public, a Sold checkbox. Marking
 * sold is final for the owner, so it asks first; afterwards the box shows Sold and no checkbox.
 */
export function OwnerStatusBox({ adId, status, title }: { adId: string; status: AdStatus; title: string }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [markSold, { loading, error, reset }] = useMutation(MARK_OPPORTUNITY_SOLD);

  const close = () => {
    setConfirming(false);
    reset();
  };
  const confirm = () => {
    void markSold({ variables: { id: adId } }).then(close, () => undefined);
  };

  return (
    <Paper withBorder p="xs" radius="sm" bg="gray.0">
      <Group justify="space-between" gap="xs">
        <Group gap={6}>
          <Text size="sm">{t('catalogue.owner.status')}</Text>
          <Badge variant="light" color={isPublicStatus(status) ? 'green' : 'gray'} data-testid="owner-status">
            {localize(AD_STATUS_LABELS[status], language)}
          </Badge>
        </Group>
        {isPublicStatus(status) && (
          <Checkbox label={t('catalogue.owner.sold')} checked={false} onChange={() => setConfirming(true)} />
        )}
      </Group>
      <Modal opened={confirming} onClose={close} title={t('catalogue.owner.confirmTitle')} centered>
        <Stack>
          <Text>{t('catalogue.owner.confirmText', { title })}</Text>
          {error && (
            <Text c="red" size="sm" role="alert">
              {apiError(error).message}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('catalogue.owner.cancel')}
            </Button>
            <Button color="red" loading={loading} onClick={confirm}>
              {t('catalogue.owner.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Paper>
  );
}
