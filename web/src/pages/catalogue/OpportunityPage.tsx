import { Alert, Badge, Button, Card, Center, Container, Grid, Group, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useDocumentTitle } from '@mantine/hooks';
import {
  AD_STATUS_LABELS,
  EXTRA_CATEGORIES,
  EXTRA_CATEGORY_LABELS,
  extrasByCategory,
  formatDateTime,
  formatMoney,
  formatNumber,
  FUEL_TYPE_LABELS,
  isPublicStatus,
  localize,
  PASSENGER_CHOICE_LABELS,
  STYLE_LABELS,
  TRANSMISSION_TYPE_LABELS,
  type Locale,
  type PassengerChoice,
} from '@ruedas/domain';
import { IconArrowLeft, IconBrandFacebook, IconBrandWhatsapp, IconEye } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import type { OpportunityQuery } from '../../../generated/gql/graphql';
import { apiError } from '../../account/apiError';
import { AdManagement } from '../../catalogue/AdManagement';
import { adTitle, adWhatsappLink, brandText, colourText, locationText, mileageText, priceText } from '../../catalogue/adText';
import { ContactBox } from '../../catalogue/ContactBox';
import { FavouriteStar } from '../../catalogue/FavouriteStar';
import { INCREMENT_VIEW_COUNT, OPPORTUNITY } from '../../catalogue/operations';
import { SellerAds } from '../../catalogue/SellerAds';
import { facebookShareUrl, previewUrl, whatsappShareUrl } from '../../catalogue/share';
import { useLanguage } from '../../i18n';
import { PhotoCarousel } from '../../photos';

type Ad = NonNullable<OpportunityQuery['opportunity']>;

export default function OpportunityPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { data, error, loading } = useQuery(OPPORTUNITY, { variables: { id }, fetchPolicy: 'cache-and-network' });
  const views = useViewTally(id);
  const ad = data?.opportunity;
  const [language] = useLanguage();
  useDocumentTitle(`${ad ? adTitle(ad, language) : t('catalogue.detail.title')} · ${t('app.name')}`);

  if (ad) return <AdDetail ad={ad} views={views ?? ad.viewCount} />;
  return (
    <Container size="lg" py="xl">
      <BackButton />
      {loading ? (
        <Center py={120}>
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : (
        <Alert color="gray" title={t('catalogue.detail.notFound')} mt="md">
          {error ? apiError(error).message : t('catalogue.detail.notFoundText')}
        </Alert>
      )}
    </Container>
  );
}

/** Counts one view per visit of the page (not per render), and answers the new count. */
function useViewTally(adId: string): number | undefined {
  const [increment, { data }] = useMutation(INCREMENT_VIEW_COUNT);
  const counted = useRef<string | null>(null);
  useEffect(() => {
    if (counted.current === adId) return;
    counted.current = adId;
    void increment({ variables: { opportunityId: adId } }).catch(() => undefined);
  }, [adId, increment]);
  return data?.incrementViewCount;
}

/** Back to where the visitor came from (the list's scroll position is restored), or home when they came from outside. */
function BackButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const cameFromApp = location.key !== 'default';
  return (
    <Button
      variant="subtle"
      leftSection={<IconArrowLeft size={16} />}
      onClick={() => void (cameFromApp ? navigate(-1) : navigate('/'))}
      px={0}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('catalogue.detail.back')}
    </Button>
  );
}

function AdDetail({ ad, views }: { ad: Ad; views: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const title = adTitle(ad, language);
  const shared = previewUrl(window.location.origin, ad.id);

  return (
    <Container size="lg" py="lg">
      <Stack gap="lg">
        <BackButton />
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={4}>
            <Group gap="xs">
              {ad.isNew && <Badge color="ruedas">{t('catalogue.card.new')}</Badge>}
              {!isPublicStatus(ad.status) && <Badge color="dark">{localize(AD_STATUS_LABELS[ad.status], language)}</Badge>}
              {ad.message.trim() && <Badge color="yellow" variant="light" tt="none">{ad.message}</Badge>}
            </Group>
            <Title order={1}>{title}</Title>
            <Text fw={800} fz={{ base: 26, sm: 32 }} c="ruedas.7" data-testid="detail-price">
              {priceText(ad, language)}
            </Text>
          </Stack>
          <FavouriteStar adId={ad.id} isFavorite={ad.isFavorite} title={title} />
        </Group>

        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="lg">
              <PhotoCarousel ids={ad.attachmentIds} title={title} variant="large" />
              <Specs ad={ad} views={views} locale={language} />
              <Extras keys={ad.extraList} locale={language} />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <ContactBox adId={ad.id} sellerId={ad.user.id} sellerName={ad.user.fullName} whatsapp={adWhatsappLink(ad, language)} />
              <Card withBorder radius="md" padding="md">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('catalogue.detail.share')}
                  </Title>
                  <Group gap="xs" grow>
                    <Button component="a" href={facebookShareUrl(shared)} target="_blank" rel="noopener noreferrer" variant="light" color="blue" leftSection={<IconBrandFacebook size={18} />}>
                      Facebook
                    </Button>
                    <Button component="a" href={whatsappShareUrl(title, shared)} target="_blank" rel="noopener noreferrer" variant="light" color="green" leftSection={<IconBrandWhatsapp size={18} />}>
                      WhatsApp
                    </Button>
                  </Group>
                </Stack>
              </Card>
              <AdManagement ad={ad} title={title} />
            </Stack>
          </Grid.Col>
        </Grid>

        <SellerAds sellerId={ad.user.id} exceptAdId={ad.id} />
      </Stack>
    </Container>
  );
}

function Specs({ ad, views, locale }: { ad: Ad; views: number; locale: Locale }) {
  const { t } = useTranslation();
  const notGiven = t('catalogue.detail.notGiven');
  const money = (amount: number) => (amount > 0 ? formatMoney(amount, ad.currency, locale) : notGiven);
  const passengers = PASSENGER_CHOICE_LABELS[ad.passengersNumber as PassengerChoice];
  const rows: [string, string][] = [
    ['brand', brandText(ad.brand, locale)],
    ['model', ad.model],
    ['year', String(ad.year)],
    ['style', localize(STYLE_LABELS[ad.style], locale)],
    ['transmission', localize(TRANSMISSION_TYPE_LABELS[ad.transmissionType], locale)],
    ['fuel', localize(FUEL_TYPE_LABELS[ad.fuelType], locale)],
    ['engine', ad.motorSizeCC > 0 ? `${formatNumber(ad.motorSizeCC, locale)} cc` : notGiven],
    ['mileage', mileageText(ad, locale).text],
    ['exteriorColor', colourText(ad.exteriorColor, locale) || notGiven],
    ['interiorColor', colourText(ad.interiorColor, locale) || notGiven],
    ['passengers', passengers ? localize(passengers, locale) : String(ad.passengersNumber)],
    ['location', locationText(ad) || notGiven],
    ['price', priceText(ad, locale)],
    ['transferPrice', money(ad.transferPrice)],
    ['payTaxes', t(ad.payTaxes ? 'catalogue.detail.yes' : 'catalogue.detail.no')],
    ['knownDamage', ad.knownDamage.trim() || t('catalogue.detail.noDamage')],
    ['published', ad.publishedAt ? formatDateTime(ad.publishedAt) : notGiven],
    ['views', formatNumber(views, locale)],
  ];
  // Only the owner and administrators receive these two; for anybody else they are null.
  if (ad.carIdNumber) rows.push(['plate', ad.carIdNumber]);
  if (ad.dateCreated) rows.push(['created', formatDateTime(ad.dateCreated)]);

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="xs">
        {t('catalogue.detail.specs')}
      </Title>
      <Table striped verticalSpacing={6} data-testid="specs">
        <Table.Tbody>
          {rows.map(([key, value]) => (
            <Table.Tr key={key}>
              <Table.Th w="45%" fw={600}>
                {key === 'views' ? (
                  <Group gap={4} component="span">
                    <IconEye size={14} /> {t('catalogue.fields.views')}
                  </Group>
                ) : (
                  t(`catalogue.fields.${key}`)
                )}
              </Table.Th>
              <Table.Td data-field={key}>{value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}

/** The ad's extras by category, each sorted by label as the wizard shows them. */
function Extras({ keys, locale }: { keys: readonly string[]; locale: Locale }) {
  const { t } = useTranslation();
  const ticked = new Set(keys);
  const groups = EXTRA_CATEGORIES.map((category) => ({
    category,
    labels: extrasByCategory(category, locale)
      .filter((extra) => ticked.has(extra.key))
      .map((extra) => localize(extra.label, locale)),
  })).filter((group) => group.labels.length > 0);
  if (groups.length === 0) return null;

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h4" mb="sm">
        {t('catalogue.detail.extras')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {groups.map(({ category, labels }) => (
          <Stack key={category} gap={4}>
            <Text fw={700}>{localize(EXTRA_CATEGORY_LABELS[category], locale)}</Text>
            {labels.map((label) => (
              <Text key={label} size="sm">
                ✓ {label}
              </Text>
            ))}
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
