import { Anchor } from '../ui/Text';
import { Group } from '../ui/Group';
import { Card } from '../ui/Card';
import { Loader } from '../ui/Loader';
import { IconFlag } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { useTranslation } from '../i18n/react';
import { lazyPart } from '../parts/lazyPart';

/** How long the "sending" step lasts (spec 01 §9: 3 seconds), even when the answer comes sooner. */
export const REPORT_SENDING_MS = 3000;

// The form and its rule (the domain's complaintSchema, with zod) load at the first click on the link.
const ReportAdDialog = lazyPart(() => import('./ReportAdDialog').then((module) => module.ReportAdDialog));

/**
 * The report-ad link of the ad detail (spec 01 §2, DECISIONS.md): a "Report ad" link, which opens
 * the dialog (`ReportAdDialog`); Cancel there comes back to the link.
 */
export function ReportAd({ adId }: { adId: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  if (open)
    return (
      <Suspense
        fallback={
          <Card withBorder radius="md" padding="md" data-testid="report-ad">
            <Loader size="sm" />
          </Card>
        }
      >
        <ReportAdDialog adId={adId} onCancel={() => setOpen(false)} />
      </Suspense>
    );
  return (
    <Card withBorder radius="md" padding="md" data-testid="report-ad">
      <Anchor component="button" type="button" c="dimmed" size="sm" onClick={() => setOpen(true)}>
        <Group gap={6} component="span">
          <IconFlag size={16} aria-hidden />
          {t('catalogue.report.link')}
        </Group>
      </Anchor>
    </Card>
  );
}
