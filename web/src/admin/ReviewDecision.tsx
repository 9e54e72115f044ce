import { Alert, Badge, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { reasonTextSchema, translate } from '@ruedas/domain';
import { IconArrowBackUp, IconCheck, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { APPROVE_SEEN, REJECT_SEEN } from './reviewOperations';

/** How long a confirmed decision waits, with its Undo button, before it is sent (decision 0173). */
export const UNDO_SECONDS = 5;

export type ReviewKind = 'approve' | 'reject';
type Kind = ReviewKind;

/** The review queue's flags of one ad (moderation): unresolved complaints, whether they reach COMPLAINTS_TO_FLAG, and the version queued. */
export interface ReviewFlag {
  openComplaints: number;
  flagged: boolean;
  version: number;
}

interface ReviewDecisionProps {
  adId: string;
  /** The version of the ad the administrator is looking at: the decision is about it (issue 28). */
  version: number;
  /** The ad as the confirmation names it, e.g. "Toyota Hilux 2019". */
  title: string;
  /** Called once the server confirmed the decision applied. */
  onDecided: (decision: Kind) => void;
  /** Small buttons (a row of the queue). */
  compact?: boolean;
}

/**
 * Approve, or Reject with a reason (required, at most 500 characters: the same rule as a report's;
 * mailed to the owner in the owner's language), for a queued ad: on the review screen, a row of the
 * review queue and a row of /opportunityAdministration (`compact`), the one component for every
 * moderation decision (issue 31). Each asks for a confirmation, then waits UNDO_SECONDS with an Undo
 * button before it is sent; only the server's answer says "approved" or "rejected", and a refusal
 * (the seller changed the ad since it was opened) is shown in words. Leaving the screen while it
 * waits sends it.
 */
export function ReviewDecision({ adId, version, title, onDecided, compact = false }: ReviewDecisionProps) {
  const size = compact ? 'xs' : 'sm';
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [approve, approving] = useMutation(APPROVE_SEEN);
  const [reject, rejecting] = useMutation(REJECT_SEEN);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [confirming, setConfirming] = useState<Kind | null>(null);
  const [pending, setPending] = useState<{ kind: Kind; left: number } | null>(null);
  const [done, setDone] = useState<Kind | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonValid = reasonTextSchema.safeParse(reason).success;
  // The decision waiting for its undo window; sent at the end of it, or at once when the screen goes.
  const queued = useRef<(() => void) | null>(null);

  const send = (kind: Kind) => {
    queued.current = null;
    setPending(null);
    const request = kind === 'approve' ? approve({ variables: { id: adId, version } }) : reject({ variables: { id: adId, version, reason: reason.trim() } });
    void request.then(
      () => {
        setDone(kind);
        onDecided(kind);
      },
      (error: unknown) => setFailure(apiError(error).message),
    );
  };

  useEffect(() => {
    if (!pending) return;
    if (pending.left <= 0) {
      send(pending.kind);
      return;
    }
    const timer = setTimeout(() => setPending({ ...pending, left: pending.left - 1 }), 1000);
    return () => clearTimeout(timer);
  }, [pending]);
  useEffect(() => () => queued.current?.(), []);

  const confirm = (kind: Kind) => {
    setConfirming(null);
    setFailure(null);
    queued.current = () => send(kind);
    setPending({ kind, left: UNDO_SECONDS });
  };

  if (done)
    return (
      <Alert color={done === 'approve' ? 'green' : 'red'} role="status" data-testid="review-done">
        {t(done === 'approve' ? 'review.approvedDone' : 'review.rejectedDone')}
      </Alert>
    );

  if (approving.loading || rejecting.loading)
    return (
      <Alert color="gray" role="status" data-testid="review-sending">
        {t('review.sending')}
      </Alert>
    );

  if (pending)
    return (
      <Alert color="yellow" role="status" data-testid="review-pending">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t(pending.kind === 'approve' ? 'review.approvingIn' : 'review.rejectingIn', { seconds: pending.left })}</Text>
          <Button
            size="xs"
            variant="white"
            color="dark"
            leftSection={<IconArrowBackUp size={14} />}
            onClick={() => {
              queued.current = null;
              setPending(null);
            }}
          >
            {t('review.undo')}
          </Button>
        </Group>
      </Alert>
    );

  return (
    <Stack gap="sm" data-testid="review-decision">
      {!rejectOpen && (
        <Group gap="sm">
          <Button size={size} color="green.8" leftSection={<IconCheck size={16} />} loading={approving.loading} onClick={() => setConfirming('approve')}>
            {t('admin.ads.approve')}
          </Button>
          <Button size={size} color="red.9" variant="outline" leftSection={<IconX size={16} />} onClick={() => setRejectOpen(true)}>
            {t('review.rejectWithReason')}
          </Button>
        </Group>
      )}
      {rejectOpen && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            setTried(true);
            if (reasonValid) setConfirming('reject');
          }}
        >
          <Stack gap="xs">
            <Textarea
              size={size}
              rows={3}
              label={t('admin.ads.rejectReason')}
              description={t('review.reasonHint')}
              value={reason}
              autoFocus
              error={tried && !reasonValid ? translate('invalidRejectionReason', language) : undefined}
              onChange={(event) => setReason(event.currentTarget.value)}
            />
            <Group gap="sm">
              <Button size={size} variant="default" onClick={() => setRejectOpen(false)}>
                {t('admin.ads.cancel')}
              </Button>
              <Button size={size} color="red.8" type="submit" loading={rejecting.loading}>
                {t('admin.ads.confirmReject')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
      {failure && (
        <Alert color="red" role="alert" data-testid="review-refused">
          {failure}
        </Alert>
      )}
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t(confirming === 'reject' ? 'review.confirmRejectTitle' : 'review.confirmApproveTitle')}
        closeButtonProps={{ 'aria-label': t('admin.ads.cancel') }}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{t(confirming === 'reject' ? 'review.confirmRejectText' : 'review.confirmApproveText', { title, seconds: UNDO_SECONDS })}</Text>
          {confirming === 'reject' && (
            <Text size="sm" fs="italic">
              «{reason.trim()}»
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('admin.ads.cancel')}
            </Button>
            <Button color={confirming === 'reject' ? 'red.8' : 'green.8'} onClick={() => confirming && confirm(confirming)} data-autofocus>
              {t(confirming === 'reject' ? 'review.confirmReject' : 'review.confirmApprove')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}

/** The complaint flag shown beside a queued ad. */
export function ComplaintFlag({ flag }: { flag: Pick<ReviewFlag, 'openComplaints' | 'flagged'> | undefined }) {
  const { t } = useTranslation();
  if (!flag || flag.openComplaints === 0) return null;
  return (
    <Badge color={flag.flagged ? 'red' : 'gray'} variant={flag.flagged ? 'filled' : 'light'} title={flag.flagged ? t('admin.ads.flagged') : undefined}>
      {t('admin.ads.complaints')}: {flag.openComplaints}
      {flag.flagged ? ` · ${t('admin.ads.flagged')}` : ''}
    </Badge>
  );
}
