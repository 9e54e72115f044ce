import { MAX_PAGE_SIZE, percentFromEstimate, PUBLIC_STATUSES, type Page } from '@ruedas/domain';
import { DomainError, pageAnswer, pageRequest, type Clock, type GlobalParameters } from '@ruedas/platform';
import { DAY_MS, FUNNEL_METRICS, lastDays, median, total, zeroCounts, type Funnel, type FunnelCounts } from './funnel';
import type { Opportunities } from './opportunities';
import { asSeller, type Caller } from './rules';
import type { ListingsCollections, OpportunityDoc } from './store';

/**
 * The fair-price port: an estimated market price and range for an ad, or null when there is no
 * estimate. By default listings' copy of search's ratings (`market-prices.ts`, decision 0099).
 */
export interface MarketPriceEstimate {
  /** In colones. */
  price: number;
  low: number;
  high: number;
}
export interface MarketPriceEstimator {
  estimate(ad: { id: string; brand: string; model: string; year: number; mileage: number }): Promise<MarketPriceEstimate | null>;
}
export const noMarketPrice: MarketPriceEstimator = { estimate: async () => null };

export const HINT_CODES = ['PRICE_ABOVE_MARKET', 'PRICE_BELOW_MARKET', 'FEW_PHOTOS', 'NO_VIEWS_IN_7_DAYS', 'FEWER_VIEWS_THAN_SIMILAR'] as const;
export type HintCode = (typeof HINT_CODES)[number];
/** A hint and its figure: a percentage for the price hints, the similar ads' median photo count for FEW_PHOTOS. */
export interface Hint {
  code: HintCode;
  value: number | null;
}

/** Similar ads: same brand and model, year within this many years either side, public now. */
export const SIMILAR_YEAR_BAND = 2;
/** At most this many similar ads are read for the median. */
const SIMILAR_LIMIT = 200;
/** A price this far (percent) from the market estimate gets a hint. */
const PRICE_HINT_PERCENT = 10;
/** Fewer photos than this is few, whatever the similar ads have. */
const FEW_PHOTOS = 3;
export const MAX_INSIGHT_DAYS = 90;

export interface AdInsights {
  ad: OpportunityDoc;
  days: string[];
  series: FunnelCounts[];
  totals: FunnelCounts;
}

export interface SimilarFigures {
  count: number;
  median: FunnelCounts | null;
  medianPhotos: number | null;
}

/** Rules that need no I/O: the hints of one ad from its figures and its similar ads'. */
export function hintsFor(input: {
  ad: Pick<OpportunityDoc, 'attachmentIds' | 'publishedAt' | 'status'>;
  priceCrc: number;
  estimate: MarketPriceEstimate | null;
  lastWeekViews: number;
  totals: FunnelCounts;
  similar: SimilarFigures;
  now: Date;
}): Hint[] {
  const hints: Hint[] = [];
  const { ad, estimate, similar } = input;
  if (estimate && estimate.price > 0) {
    const percent = percentFromEstimate(input.priceCrc, estimate.price);
    if (percent >= PRICE_HINT_PERCENT) hints.push({ code: 'PRICE_ABOVE_MARKET', value: percent });
    else if (percent <= -PRICE_HINT_PERCENT) hints.push({ code: 'PRICE_BELOW_MARKET', value: -percent });
  }
  const photos = ad.attachmentIds.length;
  if (photos < FEW_PHOTOS || (similar.medianPhotos !== null && photos < similar.medianPhotos)) {
    hints.push({ code: 'FEW_PHOTOS', value: similar.medianPhotos });
  }
  const publicForAWeek =
    (PUBLIC_STATUSES as readonly string[]).includes(ad.status) && ad.publishedAt !== null && input.now.getTime() - ad.publishedAt.getTime() >= 7 * DAY_MS;
  if (publicForAWeek && input.lastWeekViews === 0) hints.push({ code: 'NO_VIEWS_IN_7_DAYS', value: null });
  else if (similar.median && similar.median.views > 0 && input.totals.views * 2 < similar.median.views) {
    hints.push({ code: 'FEWER_VIEWS_THAN_SIMILAR', value: Math.round(similar.median.views) });
  }
  return hints;
}

/** Seller insights: each ad's funnel by day, the median of similar ads, plain-language hints. */
export class Insights {
  /** The similar figures of one answer, read once even when both `similar` and `hints` are asked. */
  private readonly similarOf = new WeakMap<AdInsights, Promise<SimilarFigures>>();

  constructor(
    private readonly deps: {
      collections: ListingsCollections;
      opportunities: Opportunities;
      funnel: Funnel;
      clock: Clock;
      market: MarketPriceEstimator;
      /** The ITEMS_PER_LIST global parameter: a page's size when left out. */
      parameters?: Pick<GlobalParameters, 'get'>;
    },
  ) {}

  private period(days: unknown): string[] {
    const count = days === undefined || days === null ? 30 : days;
    if (typeof count !== 'number' || !Number.isInteger(count) || count < 1 || count > MAX_INSIGHT_DAYS) {
      throw new DomainError('VALIDATION', 'validationFailed', { days: 'invalidInsightDays' }, { max: MAX_INSIGHT_DAYS });
    }
    return lastDays(this.deps.clock.now(), count);
  }

  /** One ad's figures: its owner and administrators only. */
  async forAd(opportunityId: string, days: unknown, caller: Caller | null): Promise<AdInsights> {
    const period = this.period(days);
    const ad = await this.deps.opportunities.records.managed(opportunityId, caller);
    const series = (await this.deps.funnel.series([ad._id], period)).get(ad._id)!;
    return { ad, days: period, series, totals: total(series) };
  }

  /** Every ad of the signed-in seller (a dealer's whole stock), newest first. */
  async mine(days: unknown, caller: Caller | null): Promise<AdInsights[]> {
    const period = this.period(days);
    const me = asSeller(caller);
    const ads = await this.deps.collections.opportunities.find(
      { sellerId: me.userId, status: { $ne: 'DELETED' } },
      { sort: { dateCreated: -1, _id: 1 }, limit: 500, projection: { outbox: 0, history: 0 } },
    );
    return this.figuresOf(ads, period);
  }

  /** One page of the signed-in seller's figures, every ad of theirs (but deleted ones), newest first. */
  async minePage(days: unknown, caller: Caller | null, asked: { page?: unknown; pageSize?: unknown }): Promise<Page<AdInsights>> {
    const period = this.period(days);
    const me = asSeller(caller);
    const request = pageRequest(asked, this.deps.parameters?.get('ITEMS_PER_LIST') ?? MAX_PAGE_SIZE);
    const filter = { sellerId: me.userId, status: { $ne: 'DELETED' } };
    const [totalItems, ads] = await Promise.all([
      this.deps.collections.opportunities.count(filter),
      this.deps.collections.opportunities.find(filter, {
        sort: { dateCreated: -1, _id: 1 },
        skip: request.skip,
        limit: request.pageSize,
        projection: { outbox: 0, history: 0 },
      }),
    ]);
    return pageAnswer(await this.figuresOf(ads, period), totalItems, request);
  }

  private async figuresOf(ads: OpportunityDoc[], period: string[]): Promise<AdInsights[]> {
    const series = await this.deps.funnel.series(
      ads.map((ad) => ad._id),
      period,
    );
    return ads.map((ad) => ({ ad, days: period, series: series.get(ad._id)!, totals: total(series.get(ad._id)!) }));
  }

  /** The median funnel and photo count of similar ads over the same days (the ad itself left out). */
  similar(insights: AdInsights): Promise<SimilarFigures> {
    let found = this.similarOf.get(insights);
    if (!found) {
      found = this.readSimilar(insights);
      this.similarOf.set(insights, found);
    }
    return found;
  }

  private async readSimilar(insights: AdInsights): Promise<SimilarFigures> {
    const { ad } = insights;
    const others = await this.deps.collections.opportunities.find(
      {
        brand: ad.brand,
        model: ad.model,
        year: { $gte: ad.year - SIMILAR_YEAR_BAND, $lte: ad.year + SIMILAR_YEAR_BAND },
        status: { $in: [...PUBLIC_STATUSES] },
        _id: { $ne: ad._id },
      },
      { limit: SIMILAR_LIMIT, projection: { outbox: 0, history: 0 } },
    );
    if (others.length === 0) return { count: 0, median: null, medianPhotos: null };
    const series = await this.deps.funnel.series(
      others.map((other) => other._id),
      insights.days,
    );
    const totals = others.map((other) => total(series.get(other._id)!));
    const figures = zeroCounts();
    for (const metric of FUNNEL_METRICS) figures[metric] = median(totals.map((one) => one[metric]));
    return { count: others.length, median: figures, medianPhotos: median(others.map((other) => other.attachmentIds.length)) };
  }

  async hints(insights: AdInsights, priceCrc: number): Promise<Hint[]> {
    const { ad } = insights;
    const [similar, estimate] = await Promise.all([
      this.similar(insights),
      this.deps.market.estimate({ id: ad._id, brand: ad.brand, model: ad.model, year: ad.year, mileage: ad.mileage }),
    ]);
    // A period shorter than a week says nothing of the last 7 days: no "no views" hint from it.
    const lastWeekViews = insights.series.length < 7 ? Number.POSITIVE_INFINITY : insights.series.slice(-7).reduce((sum, day) => sum + day.views, 0);
    return hintsFor({ ad, priceCrc, estimate, lastWeekViews, totals: insights.totals, similar, now: this.deps.clock.now() });
  }
}
