import { Box } from '../ui/Box';
import { Container, Group, Stack } from '../ui/Group';
import { Text, Title } from '../ui/Text';
import { SimpleGrid } from '../ui/SimpleGrid';
import { Button } from '../ui/Button';
import { useQuery } from '../data';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../i18n/react';
import { Link, useSearchParams } from '../router';
import { AdList } from '../catalogue/AdList';
import { GoldCarousel } from '../catalogue/GoldCarousel';
import { pageFromSearch } from '../catalogue/layout';
import { AVAILABLE_OPPORTUNITIES } from '../catalogue/operations';
import { TipsSection } from '../catalogue/Tips';
import { Wheel } from '../ui/Wheel';
import { SearchEntry } from '../search/SearchEntry';
import { usePageHead } from '../ssr/env';
import classes from './HomePage.module.css';

export default function HomePage() {
  const { t } = useTranslation();
  usePageHead({ title: `${t('app.name')} · ${t('home.title')}`, description: t('seo.home') });

  return (
    <>
      <Hero />
      <Container size="lg" py="xl">
        <Stack gap={48}>
          <GoldCarousel />
          <AvailableAds />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <TipsSection kind="buying" />
            <TipsSection kind="selling" />
          </SimpleGrid>
        </Stack>
      </Container>
    </>
  );
}

/** The id the pagination's links scroll to, so a new page starts at the list rather than the banner. */
const AVAILABLE_ANCHOR = 'available';

/** Every public ad, gold first; the page is in the address. */
function AvailableAds() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { data, error } = useQuery(AVAILABLE_OPPORTUNITIES, {
    variables: { page: pageFromSearch(search) },
    fetchPolicy: 'cache-and-network',
  });
  return (
    <Stack component="section" id={AVAILABLE_ANCHOR} gap="md" aria-labelledby="available-title">
      <Title order={2} id="available-title">
        {t('catalogue.home.available')}
      </Title>
      <AdList result={data?.availableOpportunities} error={error} empty={t('catalogue.home.noAds')} anchor={AVAILABLE_ANCHOR} />
    </Stack>
  );
}

/** The banner: title, search entry and Publish ad. */
function Hero() {
  const { t } = useTranslation();
  return (
    <Box component="section" className={classes.hero}>
      <div className={classes.heroArt} aria-hidden>
        <Wheel className={classes.heroWheel} />
      </div>
      <Container size="lg" py={{ base: 48, sm: 88 }} className={classes.heroContent}>
        <Stack gap="lg" maw={720}>
          <Title order={1} className={classes.title}>
            {t('home.title')}
          </Title>
          <Text className={classes.tagline}>{t('home.tagline')}</Text>
          <SearchEntry className={classes.searchCard} />
          <Group gap="sm">
            <Text fw={600}>{t('home.sellTitle')}</Text>
            <Button component={Link} to="/opportunityRegister" variant="white" color="ruedas" leftSection={<IconPlus size={16} stroke={2.5} />}>
              {t('home.publishAd')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
