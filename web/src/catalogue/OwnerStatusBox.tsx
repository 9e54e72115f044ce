import { Alert, Badge, Button, Checkbox, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconCreditCard } from '@tabler/icons-react';
import { Link } from '../router';
import { useMutation } from '@apollo/client/react';
import { AD_STATUS_LABELS, isPublicStatus, localize, type AdStatus } from '@ruedas/domain';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { MARK_OPPORTUNITY_SOLD } from './operations';

/**
 * The owner's box on their own ad: its status and, while it is public, a Sold checkbox. Marking
 * sold is final for the owner, so it asks first; afterwards the box shows Sold and no checkbox.
 * An ad waiting for its payment says so, with a Pay button that resumes the payment on any device
 * (the wizard's last step of the ad); a rejected ad shows the administrator's reason.
 */
export function OwnerStatusBox({
  adId,
  status,
  title,
  paymentPending = false,
  rejectionReason = null,
}: {
  adId: string;
  status: AdStatus;
  title: string;
  paymentPending?: boolean;
  rejectionReason?: string | null;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [confirming, setConfirming] = useState(false);
  const [markSold, { loading, error, reset }] = useMutation(MARK_OPPORTUNITY_SOLD);
  const awaitingPayment = paymentPending && status === 'PENDING_APPROVAL';

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
          <Badge
            variant="light"
            color={awaitingPayment ? 'orange' : isPublicStatus(status) ? 'green' : status === 'REJECTED' ? 'red' : 'gray'}
            data-testid="owner-status"
          >
            {awaitingPayment ? t('catalogue.owner.paymentPending') : localize(AD_STATUS_LABELS[status], language)}
          </Badge>
        </Group>
        {isPublicStatus(status) && <Checkbox label={t('catalogue.owner.sold')} checked={false} onChange={() => setConfirming(true)} />}
        {awaitingPayment && (
          <Button
            component={Link}
            to={`/opportunityUpdateView?${new URLSearchParams({ opportunityId: adId, pay: '1' })}`}
            size="xs"
            leftSection={<IconCreditCard size={14} />}
          >
            {t('catalogue.owner.pay')}
          </Button>
        )}
      </Group>
      {status === 'REJECTED' && rejectionReason && (
        <Alert color="red" variant="light" mt="xs" p="xs" title={t('catalogue.owner.rejectionReason')} data-testid="rejection-reason">
          {rejectionReason}
        </Alert>
      )}
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
