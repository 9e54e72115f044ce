import { Box } from '../ui/Box';
import { Group } from '../ui/Group';
import { Button } from '../ui/Button';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import classes from './catalogue.module.css';
import { WhatsappButton } from './WhatsappButton';

interface StickyContactBarProps {
  adId: string;
  /** The ad's wa.me link and tel: link, when it has the phones for them. */
  whatsapp: string | null;
  call: string | null;
}

/**
 * On phones (under the `sm` breakpoint), the ad's WhatsApp and Call buttons fixed at the bottom of
 * the screen, so the buyer reaches the seller from anywhere on the ad; the page keeps room for it.
 * Wider screens have the contact box beside the photos instead.
 */
export function StickyContactBar({ adId, whatsapp, call }: StickyContactBarProps) {
  const { t } = useTranslation();
  if (!whatsapp && !call) return null;
  return (
    <Box hiddenFrom="sm" component="nav" aria-label={t('catalogue.detail.contact')} className={classes.stickyBar} data-testid="sticky-contact">
      <Group gap="xs" grow wrap="nowrap">
        {whatsapp && (
          <WhatsappButton adId={adId} href={whatsapp} size="md" iconSize={20}>
            {t('catalogue.detail.stickyWhatsapp')}
          </WhatsappButton>
        )}
        {call && (
          <Button component="a" href={call} variant="default" size="md" leftSection={<IconPhone size={20} />}>
            {t('catalogue.detail.call')}
          </Button>
        )}
      </Group>
    </Box>
  );
}
