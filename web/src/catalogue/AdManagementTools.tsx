import { Button, Group, Stack } from '@mantine/core';
import type { AdStatus } from '@ruedas/domain';
import { IconEdit, IconHistory } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { AdminStatusSelect } from './AdminStatusSelect';
import { OwnerStatusBox } from './OwnerStatusBox';

export interface AdManagementProps {
  ad: { id: string; status: AdStatus; isMine: boolean; paymentPending?: boolean | null; rejectionReason?: string | null };
  title: string;
}

/** The owner's and the administrator's tools of `AdManagement` (a chunk loaded only for them). */
export function AdManagementTools({ ad, title, isAdmin }: AdManagementProps & { isAdmin: boolean }) {
  const { t } = useTranslation();

  return (
    <Stack gap="xs">
      {ad.isMine && (
        <OwnerStatusBox
          adId={ad.id}
          status={ad.status}
          title={title}
          paymentPending={ad.paymentPending === true}
          rejectionReason={ad.rejectionReason ?? null}
        />
      )}
      {isAdmin && <AdminStatusSelect adId={ad.id} status={ad.status} />}
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
