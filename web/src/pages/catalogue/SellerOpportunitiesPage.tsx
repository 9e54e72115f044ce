import { Anchor, Text, Title } from '../../ui/Text';
import { Box } from '../../ui/Box';
import { Container, Group, Stack } from '../../ui/Group';
import { useQuery } from '../../data';
import { formatPhone, localize, normalizePhone, PHONE_TYPE_LABELS } from '@ruedas/domain';
import { IconPhone } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { useParams, useSearchParams } from '../../router';
import { AdList } from '../../catalogue/AdList';
import { DealerInfo } from '../../catalogue/DealerInfo';
import { pageFromSearch } from '../../catalogue/layout';
import { SELLER_INFO, SELLER_OPPORTUNITIES } from '../../catalogue/operations';
import { useLanguage } from '../../i18n';
import { autoDealerJsonLd } from '../../seo/dealerStructuredData';
import { useOrigin, usePageHead } from '../../ssr/env';
import classes from './catalogue-pages.module.css';

/** The seller page: a banner with the seller's name and phones, then the seller's public ads. */
export default function SellerOpportunitiesPage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [search] = useSearchParams();
  // Both /sellerOpportunities/:sellerId and sellerOpportunitiesView?sellerId= (spec 01 §2).
  const sellerId = useParams().sellerId ?? search.get('sellerId') ?? '';
  const page = pageFromSearch(search);
  const info = useQuery(SELLER_INFO, { variables: { sellerId }, skip: !sellerId });
  const ads = useQuery(SELLER_OPPORTUNITIES, { variables: { sellerId, page }, skip: !sellerId, fetchPolicy: 'cache-and-network' });
  const seller = info.data?.sellerInfo;
  const origin = useOrigin();
  // A dealer's page is its business card for search engines too: schema.org AutoDealer (issue 13).
  const dealer = seller?.dealer ?? null;
  usePageHead({
    title: `${seller?.fullName ?? t('catalogue.seller.title')} · ${t('app.name')}`,
    description: t('seo.seller', { name: seller?.fullName ?? t('app.name') }),
    ...(seller && dealer ? { jsonLd: autoDealerJsonLd({ ...seller, dealer }, `${origin}/sellerOpportunities/${encodeURIComponent(sellerId)}`) } : {}),
    ...(info.error || !sellerId ? { status: 404, noindex: true } : {}),
  });

  return (
    <>
      <Box component="section" className={classes.banner}>
        <Container size="lg" py={{ base: 28, sm: 40 }}>
          <Stack gap="xs">
            <Text size="sm" className={classes.bannerLabel}>
              {t('catalogue.seller.title')}
            </Text>
            <Title order={1} className={classes.bannerTitle}>
              {seller?.fullName ?? (info.error ? t('catalogue.seller.unknown') : '…')}
            </Title>
            {seller && seller.phones.length > 0 && (
              <Group gap="lg" data-testid="seller-phones">
                {seller.phones.map(({ phone, phoneType }) => (
                  <Group key={`${phoneType}:${phone}`} gap={6}>
                    <IconPhone size={16} />
                    <Anchor href={`tel:+506${normalizePhone(phone)}`} className={classes.bannerLink}>
                      {formatPhone(phone)}
                    </Anchor>
                    <Text size="sm" className={classes.bannerLabel}>
                      {localize(PHONE_TYPE_LABELS[phoneType], language)}
                    </Text>
                  </Group>
                ))}
              </Group>
            )}
          </Stack>
        </Container>
      </Box>
      <Container size="lg" py="xl">
        {dealer && (
          <Box mb="xl">
            <DealerInfo dealer={dealer} />
          </Box>
        )}
        <AdList
          result={ads.data?.sellerOpportunities}
          error={ads.error ?? (sellerId ? undefined : new Error(t('catalogue.seller.unknown')))}
          empty={t('catalogue.seller.empty')}
        />
      </Container>
    </>
  );
}
