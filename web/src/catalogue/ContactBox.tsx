import { Anchor, Text, Title } from '../ui/Text';
import { Group, Stack } from '../ui/Group';
import { Card } from '../ui/Card';
import { List, ListItem } from '../ui/List';
import { Button } from '../ui/Button';
import { Collapse } from '../ui/Collapse';
import { Loader } from '../ui/Loader';
import { useQuery } from '../data';
import { formatPhone, localize, normalizePhone, PHONE_TYPE_LABELS } from '@ruedas/domain';
import { IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/react';
import { Link } from '../router';
import { apiError } from '../data/apiError';
import { useLanguage } from '../i18n';
import { OPPORTUNITY_CONTACT } from './operations';
import { WhatsappButton } from './WhatsappButton';

interface ContactBoxProps {
  adId: string;
  sellerId: string;
  sellerName: string;
  /** The ad's wa.me link, when it has a phone. */
  whatsapp: string | null;
}

/** How to reach the seller: WhatsApp at once, the phone list on demand (opportunityContact). */
export function ContactBox({ adId, sellerId, sellerName, whatsapp }: ContactBoxProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [open, setOpen] = useState(false);
  const contact = useQuery(OPPORTUNITY_CONTACT, { variables: { id: adId }, skip: !open });

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('catalogue.detail.contact')}
        </Title>
        <Anchor component={Link} to={`/sellerOpportunities/${sellerId}`} fw={700}>
          {sellerName}
        </Anchor>
        {whatsapp && (
          <WhatsappButton adId={adId} href={whatsapp} iconSize={18}>
            {t('catalogue.card.whatsapp')}
          </WhatsappButton>
        )}
        <Button variant="light" leftSection={<IconPhone size={18} />} onClick={() => setOpen((shown) => !shown)} aria-expanded={open}>
          {t(open ? 'catalogue.detail.hidePhones' : 'catalogue.detail.showPhones')}
        </Button>
        <Collapse expanded={open}>
          {contact.loading && <Loader size="sm" aria-label={t('app.loading')} />}
          {contact.error && (
            <Text c="red" size="sm" role="alert">
              {apiError(contact.error).message}
            </Text>
          )}
          {contact.data && (
            <List spacing={4} listStyleType="none" data-testid="phone-list">
              {contact.data.opportunityContact.phones.map(({ phone, phoneType }) => (
                <ListItem key={`${phoneType}:${phone}`}>
                  <Group gap="xs">
                    <Anchor href={`tel:+506${normalizePhone(phone)}`}>{formatPhone(phone)}</Anchor>
                    <Text size="sm" c="dimmed">
                      {localize(PHONE_TYPE_LABELS[phoneType], language)}
                    </Text>
                  </Group>
                </ListItem>
              ))}
            </List>
          )}
        </Collapse>
      </Stack>
    </Card>
  );
}
