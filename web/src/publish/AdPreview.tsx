import { Badge, Card, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { knownColourCode, LEVEL_LABELS, localize, placeName, type FuelType, type Locale, type Style, type TransmissionType } from '@ruedas/domain';
import { useTranslation } from '../i18n/react';
import { AdExtras, AdSpecs } from '../catalogue/AdSpecs';
import { adTitle, priceText } from '../texts/adText';
import { PhotoCarousel } from '../photos';
import type { AdFormValues } from './rules';

const whole = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : 0);

/** Step 3's preview: the ad as its detail page will show it (title, price, photos, the seller's description, specifications, extras). */
export function AdPreview({ values, locale }: { values: AdFormValues; locale: Locale }) {
  const { t } = useTranslation();
  const ad = {
    ...values,
    year: whole(values.year),
    motorSizeCC: whole(values.motorSizeCC),
    mileage: whole(values.mileage),
    passengersNumber: whole(values.passengersNumber),
    style: values.style as Style,
    fuelType: values.fuelType as FuelType,
    transmissionType: values.transmissionType as TransmissionType,
    message: values.level === 'GOLD' ? values.message.trim() : '',
    place: placeName(values),
    exteriorColorCode: knownColourCode(values.exteriorColor),
    interiorColorCode: knownColourCode(values.interiorColor),
  };
  const title = adTitle(ad, locale);
  const complete = Boolean(values.style && values.fuelType && values.transmissionType);

  return (
    <Stack gap="md" data-testid="ad-preview">
      <Title order={2} size="h3">
        {t('publish.step3.preview')}
      </Title>
      <Group gap="xs">
        <Badge color="ruedas" variant="light">
          {localize(LEVEL_LABELS[values.level], locale)}
        </Badge>
        {ad.message && (
          <Badge color="gold" variant="light" tt="none">
            {ad.message}
          </Badge>
        )}
      </Group>
      <Title order={3} size="h2">
        {title}
      </Title>
      <Text fw={800} fz={26} c="ruedas.7">
        {priceText(ad, locale)}
      </Text>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PhotoCarousel ids={values.attachmentIds} title={title} variant="large" />
            {values.description.trim() && (
              // The seller's words as the ad page shows them (issue 31).
              <Card withBorder radius="md" padding="md" component="section" aria-labelledby="preview-description" data-testid="preview-description">
                <Title order={4} id="preview-description" mb="xs">
                  {t('catalogue.detail.sellerDescription')}
                </Title>
                <Text style={{ whiteSpace: 'pre-line' }}>{values.description}</Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>{complete && <AdSpecs ad={ad} locale={locale} />}</Grid.Col>
      </Grid>
      <AdExtras keys={values.extraList} locale={locale} />
    </Stack>
  );
}
