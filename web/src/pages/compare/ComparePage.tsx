import { Anchor, Text, Title } from '../../ui/Text';
import { Container, Group, Stack, VisuallyHidden } from '../../ui/Group';
import { Alert } from '../../ui/Alert';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ActionIcon } from '../../ui/ActionIcon';
import { useQuery } from '../../data';
import { CURRENCY_LABELS, EXTRAS, formatMoney, formatNumber, localize, type Currency } from '@ruedas/domain';
import { IconCheck, IconX } from '@tabler/icons-react';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { Link, useNavigate, useSearchParams } from '../../router';
import type { OpportunityQuery } from '../../../generated/gql/graphql';
import { adTitle, brandText, colourLabel, kindTexts, mileageText } from '../../texts/adText';
import { CRC_PER_USD, OPPORTUNITY } from '../../catalogue/operations';
import { useNarrowScreen } from '../../ssr/useNarrowScreen';
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
 * An amount in the comparison's one currency (issue 31): converted at Ruedas' rate when the ad's is
 * the other one (rounded: colones to ₡1.000, dollars to $10), with the amount as listed under it.
 */
function MoneyIn({ money, currency, crcPerUsd }: { money: { amount: string; currency: Currency }; currency: Currency; crcPerUsd?: number }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const amount = amountOf(money);
  if (money.currency === currency || !crcPerUsd) return <>{formatMoney(amount, money.currency, language)}</>;
  const converted = currency === 'CRC' ? Math.round((amount * crcPerUsd) / 1000) * 1000 : Math.round(amount / crcPerUsd / 10) * 10;
  return (
    <>
      ≈ {formatMoney(converted, currency, language)}
      <Text size="xs" c="dimmed" fw={400} component="span" style={{ display: 'block' }}>
        {t('compare.original', { amount: formatMoney(amount, money.currency, language) })}
      </Text>
    </>
  );
}

/**
 * /compare?ids=a,b,c (issue 19): up to 3 ads side by side (photos, price and rating, every spec,
 * extras present or absent, location, days on market). The address is the comparison, so it can be
 * shared. Server-rendered. Issue 31: every amount in one currency (colones, unless every ad is in
 * dollars); the cars' names stay in view while the rows scroll (a sticky head); on a phone the
 * features are a line above their row, so the cars share the whole width (two or three side by
 * side); the link is a short text and a copy button.
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
  const phone = useNarrowScreen();
  const crcPerUsd = useQuery(CRC_PER_USD).data?.crcPerUsd;
  const currency: Currency = ads.length > 0 && ads.every((ad) => ad.askingPrice.currency === 'USD') ? 'USD' : 'CRC';
  const [copied, setCopied] = useState(false);
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
        <Text fw={800} c="ruedas.8" size={phone ? 'sm' : undefined} data-testid="compare-price">
          <MoneyIn money={ad.askingPrice} currency={currency} crcPerUsd={crcPerUsd} />
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
              {t('prices.estimate')}: <MoneyIn money={{ amount: ad.priceRating.estimate.amount, currency: 'CRC' }} currency={currency} crcPerUsd={crcPerUsd} />
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
      cell((ad) => (amountOf(ad.transferCost) > 0 ? <MoneyIn money={ad.transferCost} currency={currency} crcPerUsd={crcPerUsd} /> : notGiven)),
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
        <Group gap="sm" data-testid="compare-share">
          <Text size="sm" c="dimmed">
            {t('compare.inCurrency', { currency: localize(CURRENCY_LABELS[currency], language) })} ·{' '}
            <Anchor href={`${origin}${compareHref(ids)}`} data-testid="compare-link">
              {t('compare.shareLink')}
            </Anchor>
          </Text>
          <Button
            size="compact-xs"
            variant="light"
            onClick={() =>
              void navigator.clipboard?.writeText(`${window.location.origin}${compareHref(ids)}`).then(
                () => setCopied(true),
                () => undefined,
              )
            }
            aria-live="polite"
          >
            {copied ? t('compare.copied') : t('compare.copyLink')}
          </Button>
        </Group>
        <div className={classes.scroll} data-testid="compare-scroll">
          <table className={classes.table} data-phone={phone || undefined} data-testid="compare-table">
            <thead>
              <tr>
                {!phone && <th className={classes.label}>{''}</th>}
                {columns.map((column) => (
                  <th key={column.id} data-testid="compare-column" className={classes.name}>
                    {column.ad ? (
                      <Anchor component={Link} to={`/opportunity/${column.id}`} fw={700} size={phone ? 'sm' : undefined} data-testid="compare-name">
                        {adTitle(column.ad, language)}
                      </Anchor>
                    ) : (
                      <Badge color="gray" tt="none">
                        {column.loading ? '…' : t('compare.unavailable')}
                      </Badge>
                    )}
                    {phone ? (
                      // A phone's narrow column: a × named for its car, not a button wider than the column.
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        size="md"
                        aria-label={column.ad ? `${t('compare.remove')}: ${adTitle(column.ad, language)}` : t('compare.remove')}
                        onClick={() => remove(column.id)}
                        style={{ marginTop: 2 }}
                      >
                        <IconX size={16} aria-hidden />
                      </ActionIcon>
                    ) : (
                      <Button size="compact-xs" variant="subtle" color="gray" style={{ marginTop: 4 }} onClick={() => remove(column.id)}>
                        {t('compare.remove')}
                      </Button>
                    )}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              <tr>
                {!phone && (
                  <th scope="row" className={classes.label}>
                    <VisuallyHidden>{t('compare.photo')}</VisuallyHidden>
                  </th>
                )}
                {columns.map((column) => (
                  <td key={column.id}>
                    {column.ad && (
                      <Link to={`/opportunity/${column.id}`} tabIndex={-1} aria-hidden>
                        <Photo id={column.ad.attachmentIds[0]} alt="" thumb ratio={4 / 3} />
                      </Link>
                    )}
                  </td>
                ))}
              </tr>
              {rows.map(([label, cells]) =>
                phone ? (
                  <Fragment key={label}>
                    <tr className={classes.labelRow}>
                      <th scope="colgroup" colSpan={columns.length}>
                        {label}
                      </th>
                    </tr>
                    <tr>{cells}</tr>
                  </Fragment>
                ) : (
                  <tr key={label}>
                    <th scope="row" className={classes.label}>
                      {label}
                    </th>
                    {cells}
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      </Stack>
    </Container>
  );
}
