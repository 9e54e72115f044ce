import { Alert, Badge, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { reasonTextSchema, translate } from '@ruedas/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { APPROVE_OPPORTUNITY, REJECT_OPPORTUNITY } from './operations';

/** The review queue's flags of one ad (moderation): unresolved complaints and whether they reach COMPLAINTS_TO_FLAG. */
export interface ReviewFlag {
  openComplaints: number;
  flagged: boolean;
}

interface ReviewActionsProps {
  adId: string;
  /** Called once a decision is accepted (listings applies it a moment later). */
  onDecided: (decision: 'approved' | 'rejected') => void;
}

/**
 * Approve, or Reject with a reason (required, at most 500 characters: the same rule as a report's
 * reason), for an ad of the review queue. The reason is mailed to the owner in the owner's language.
 */
export function ReviewActions({ adId, onDecided }: ReviewActionsProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [approve, approving] = useMutation(APPROVE_OPPORTUNITY);
  const [reject, rejecting] = useMutation(REJECT_OPPORTUNITY);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [done, setDone] = useState<'approved' | 'rejected' | null>(null);
  const failure = approving.error ?? rejecting.error;
  const reasonValid = reasonTextSchema.safeParse(reason).success;

  if (done)
    return (
      <Text size="xs" c={done === 'approved' ? 'green.8' : 'red.8'} role="status">
        {t(done === 'approved' ? 'admin.ads.approved' : 'admin.ads.rejected')}
      </Text>
    );

  return (
    <Stack gap={6}>
      {!rejectOpen && (
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            color="green"
            leftSection={<IconCheck size={14} />}
            loading={approving.loading}
            onClick={() =>
              void approve({ variables: { id: adId } })
                .then(() => {
                  setDone('approved');
                  onDecided('approved');
                })
                .catch(() => undefined)
            }
          >
            {t('admin.ads.approve')}
          </Button>
          <Button size="xs" color="red" variant="light" leftSection={<IconX size={14} />} onClick={() => setRejectOpen(true)}>
            {t('admin.ads.reject')}
          </Button>
        </Group>
      )}
      {rejectOpen && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (!reasonValid) return;
            void reject({ variables: { id: adId, reason: reason.trim() } })
              .then(() => {
                setDone('rejected');
                onDecided('rejected');
              })
              .catch(() => undefined);
          }}
        >
          <Stack gap={6}>
            <Textarea
              size="xs"
              rows={3}
              label={t('admin.ads.rejectReason')}
              value={reason}
              autoFocus
              error={tried && !reasonValid ? translate('invalidRejectionReason', language) : undefined}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group gap={6} wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => setRejectOpen(false)}>
                {t('admin.ads.cancel')}
              </Button>
              <Button size="xs" color="red" type="submit" loading={rejecting.loading}>
                {t('admin.ads.confirmReject')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {failure && (
        <Alert color="red" p={6} role="alert">
          <Text size="xs">{apiError(failure).message}</Text>
        </Alert>
      )}
    </Stack>
  );
}

/** The complaint flag shown beside a queued ad. */
export function ComplaintFlag({ flag }: { flag: ReviewFlag | undefined }) {
  const { t } = useTranslation();
  if (!flag || flag.openComplaints === 0) return null;
  return (
    <Badge color={flag.flagged ? 'red' : 'gray'} variant={flag.flagged ? 'filled' : 'light'} title={flag.flagged ? t('admin.ads.flagged') : undefined}>
      {t('admin.ads.complaints')}: {flag.openComplaints}
      {flag.flagged ? ` · ${t('admin.ads.flagged')}` : ''}
    </Badge>
  );
}
