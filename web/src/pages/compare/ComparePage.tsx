import { Anchor, Text, Title } from '../../ui/Text';
import { Container, Stack } from '../../ui/Group';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { useQuery } from '../../data';
import { EXTRAS, formatMoney, formatNumber, localize } from '@ruedas/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useSearchParams } from '../../router';
import type { OpportunityQuery } from '../../../generated/gql/graphql';
import { adTitle, brandText, colourLabel, kindTexts, mileageText, priceText } from '../../texts/adText';
import { OPPORTUNITY } from '../../catalogue/operations';
import { compareHref, readCompareIds } from '../../compare/compareList';
import { useLanguage } from '../../i18n';
import { amountOf } from '../../prices/amount';
import { Photo } from '../../photos';
import { PriceDropBadge, PriceLabelBadge } from '../../prices/PriceBadges';
import { useOrigin, usePageHead } from '../../ssr/env';
import classes from './ComparePage.module.css';

type Ad = NonNullable<OpportunityQuery['opportunity']>;

/** One ad of the comparison (the detail page's query, so the cache is shared). */
function useAd(id: string | undefined) {
  const { data, loading } = useQuery(OPPORTUNITY, { variables: { id: id ?? '' }, skip: !id, errorPolicy: 'all' });
  return { ad: data?.opportunity ?? null, loading };
}

/**
 * /compare?ids=a,b,c (issue 19): up to 3 ads side by side (photos, price and rating, every spec,
 * extras present or absent, location, days on market). The address is the comparison, so it can be
 * shared. Server-rendered; on a phone the table scrolls sideways with the feature column kept.
 */
export default function ComparePage() {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const origin = useOrigin();
  const ids = readCompareIds(params.get('ids'));
  const first = useAd(ids?.[0]);
  const second = useAd(ids?.[1]);
  const third = useAd(ids?.[2]);
  const columns = (ids ?? []).map((id, index) => ({ id, ...[first, second, third][index]! }));
  const ads = columns.flatMap((column) => (column.ad ? [column.ad] : []));
  usePageHead({
    title: `${t('compare.title')} · ${t('app.name')}`,
    description: ads.map((ad) => adTitle(ad, language)).join(' · ') || t('compare.title'),
    noindex: true,
  });

  if (!ids) {
    return (
      <Container size="lg" py="xl">
        <Stack>
          <Title order={1}>{t('compare.title')}</Title>
          <Alert color={params.get('ids') ? 'red' : 'gray'} data-testid="compare-empty">
            {params.get('ids') ? t('compare.invalid') : t('compare.empty')}
          </Alert>
        </Stack>
      </Container>
    );
  }

  const notGiven = t('catalogue.detail.notGiven');
  const cell = (render: (ad: Ad) => ReactNode) =>
    columns.map((column) => <td key={column.id}>{column.ad ? render(column.ad) : column.loading ? '…' : '—'}</td>);
  const rows: Array<[string, ReactNode[]]> = [
    [
      t('catalogue.fields.price'),
      cell((ad) => (
        <Text fw={800} c="ruedas.8">
          {priceText(ad, language)}
        </Text>
      )),
    ],
    [
      t('compare.rating'),
      cell((ad) => (
        <Stack gap={4} align="flex-start">
          <PriceLabelBadge rating={ad.priceRating} />
          {ad.priceRating?.estimate != null && (
            <Text size="xs">
              {t('prices.estimate')}: {formatMoney(amountOf(ad.priceRating.estimate), 'CRC', language)}
            </Text>
          )}
          <PriceDropBadge drop={ad.priceDrop} />
        </Stack>
      )),
    ],
    [t('catalogue.fields.brand'), cell((ad) => brandText(ad.brand, language))],
    [t('catalogue.fields.model'), cell((ad) => ad.model)],
    [t('catalogue.fields.year'), cell((ad) => String(ad.year))],
    [t('catalogue.fields.mileage'), cell((ad) => mileageText(ad, language).text)],
    [t('catalogue.fields.style'), cell((ad) => kindTexts(ad, language, notGiven).style)],
    [t('catalogue.fields.transmission'), cell((ad) => kindTexts(ad, language, notGiven).transmission)],
    [t('catalogue.fields.fuel'), cell((ad) => kindTexts(ad, language, notGiven).fuel)],
    [t('catalogue.fields.engine'), cell((ad) => kindTexts(ad, language, notGiven).engine)],
    [t('catalogue.fields.exteriorColor'), cell((ad) => colourLabel(ad.exteriorColorCode, ad.exteriorColor, language) || notGiven)],
    [t('catalogue.fields.interiorColor'), cell((ad) => colourLabel(ad.interiorColorCode, ad.interiorColor, language) || notGiven)],
    [t('catalogue.fields.passengers'), cell((ad) => kindTexts(ad, language, notGiven).passengers)],
    [
      t('catalogue.fields.transferPrice'),
      cell((ad) => (amountOf(ad.transferCost) > 0 ? formatMoney(amountOf(ad.transferCost), ad.transferCost.currency, language) : notGiven)),
    ],
    [t('catalogue.fields.payTaxes'), cell((ad) => t(ad.payTaxes ? 'catalogue.detail.yes' : 'catalogue.detail.no'))],
    [t('catalogue.fields.knownDamage'), cell((ad) => ad.knownDamage.trim() || t('catalogue.detail.noDamage'))],
    [t('catalogue.fields.location'), cell((ad) => ad.place || notGiven)],
    [t('compare.daysOnMarket'), cell((ad) => (ad.daysOnMarket == null ? notGiven : formatNumber(ad.daysOnMarket, language)))],
  ];
  // Every extra any of the ads has, present or absent in each.
  const extras = EXTRAS.filter((extra) => ads.some((ad) => ad.extraList.includes(extra.key)));
  for (const extra of extras) {
    rows.push([
      localize(extra.label, language),
      cell((ad) =>
        ad.extraList.includes(extra.key) ? (
          <IconCheck size={18} color="var(--mantine-color-green-7)" aria-label={t('catalogue.detail.yes')} />
        ) : (
          <IconX size={18} color="var(--mantine-color-gray-5)" aria-label={t('catalogue.detail.no')} />
        ),
      ),
    ]);
  }

  const remove = (id: string) => {
    const rest = ids.filter((other) => other !== id);
    void navigate(rest.length > 0 ? compareHref(rest) : '/compare');
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="md">
        <Title order={1}>{t('compare.title')}</Title>
        <Text size="sm" c="dimmed">
          {t('compare.share')}: <Anchor href={`${origin}${compareHref(ids)}`} data-testid="compare-link">{`${origin}${compareHref(ids)}`}</Anchor>
        </Text>
        <div className={classes.scroll} data-testid="compare-scroll">
          <table className={classes.table} style={{ minWidth: columns.length * 200 + 140 }} data-testid="compare-table">
            <thead>
              <tr>
                <th className={classes.label}>{''}</th>
                {columns.map((column) => (
                  <th key={column.id} data-testid="compare-column">
                    {column.ad ? (
                      <Stack gap={6}>
                        <Link to={`/opportunity/${column.id}`}>
                          <Photo id={column.ad.attachmentIds[0]} alt={adTitle(column.ad, language)} thumb ratio={4 / 3} />
                        </Link>
                        <Anchor component={Link} to={`/opportunity/${column.id}`} fw={700}>
                          {adTitle(column.ad, language)}
                        </Anchor>
                      </Stack>
                    ) : (
                      <Badge color="gray" tt="none">
                        {column.loading ? '…' : t('compare.unavailable')}
                      </Badge>
                    )}
                    <Button size="compact-xs" variant="subtle" color="gray" style={{ marginTop: 4 }} onClick={() => remove(column.id)}>
                      {t('compare.remove')}
                    </Button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, cells]) => (
                <tr key={label}>
                  <th scope="row" className={classes.label}>
                    {label}
                  </th>
                  {cells}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </Stack>
    </Container>
  );
}
