import { Button, Group, Stack } from '@mantine/core';
import type { AdStatus } from '@ruedas/domain';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminStatusSelect } from './AdminStatusSelect';
import { OwnerStatusBox } from './OwnerStatusBox';
import { useViewer } from './useViewer';

interface AdManagementProps {
  ad: { id: string; status: AdStatus; isMine: boolean; paymentPending?: boolean | null; rejectionReason?: string | null };
  title: string;
}

/**
 * What the owner and administrators may do with an ad, on its card and its detail: the owner's
 * status box, the admin's status select, Edit and the status history. Nothing for anybody else.
 */
export function AdManagement({ ad, title }: AdManagementProps) {
  const { t } = useTranslation();
  const viewer = useViewer();
  if (viewer.impersonator || !(ad.isMine || viewer.isAdmin)) return null;

  return (
    <Stack gap="xs">
      {ad.isMine && <OwnerStatusBox adId={ad.id} status={ad.status} title={title} paymentPending={ad.paymentPending === true} rejectionReason={ad.rejectionReason ?? null} />}
      {viewer.isAdmin && <AdminStatusSelect adId={ad.id} status={ad.status} />}
      <Group gap="xs" grow>
        <Button
          component={Link}
          to={`/opportunityUpdateView?${new URLSearchParams({ opportunityId: ad.id })}`}
          variant="light"
          size="xs"
          leftSection={<IconEdit size={14} />}
        >
          {t('catalogue.manage.edit')}
        </Button>
        <Button
          component={Link}
          to={`/opportunityStatusHistory?${new URLSearchParams({ opportunityId: ad.id })}`}
          variant="subtle"
          size="xs"
          leftSection={<IconHistory size={14} />}
        >
          {t('catalogue.manage.history')}
        </Button>
      </Group>
    </Stack>
  );
}
