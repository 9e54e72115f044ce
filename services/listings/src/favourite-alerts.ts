import { escapeHtml, findBrand, formatMoney, type Locale } from '@ruedas/domain';
import { type OpportunitySnapshot } from '@ruedas/events';
import {
  followAdSnapshots,
  DomainError,
  type Clock,
  type Collection,
  type DocumentStore,
  type EventBus,
  type Logger,
  type MailMessage,
  type Mailer,
  type Subscription,
  type UnsubscribeTokens,
} from '@ruedas/platform';
import { Schema } from 'mongoose';
import { asSeller, type Caller } from './rules';
import { favouritesFollowAd } from './favourites';
import { favouriteId, type ListingsCollections } from './store';

/** The kind letter of a favourite-alerts unsubscribe token (the id is the user's). */
export const FAVOURITE_ALERTS_TOKEN = 'f';

/**
 * A buyer's alerts on favourites (issue 19): a mail when a favourite's price drops or it is sold.
 * Either for every favourite (`allFavourites`) or for the ones chosen one by one; `paused` (also set
 * by a mail's unsubscribe link) stops them all. Missing means every favourite, not paused: the
 * alerts are on by default (issue 31), each mail carries the unsubscribe link, /alerts the setting.
 */
export interface FavouriteAlertSettingsDoc {
  _id: string;
  allFavourites: boolean;
  paused: boolean;
  /** Ad ids chosen one by one. */
  chosen: string[];
}

/** Per ad, what the last snapshot said of its price and status (to tell a drop or a sale). */
interface AdPriceDoc {
  _id: string;
  version: number;
  price: number;
  currency: string;
  priceCrc: number;
  status: string;
}

/** One alert mail, keyed `<kind>|<ad id>|<ad version>|<user id>`: written before the mail, marked after. */
interface FavouriteAlertSendDoc {
  _id: string;
  state: 'PENDING' | 'SENT';
  at: Date;
}

const settingsSchema = new Schema(
  { _id: String, allFavourites: { type: Boolean, default: true }, paused: { type: Boolean, default: false }, chosen: { type: [String], default: [] } },
  { versionKey: false },
);
const priceSchema = new Schema({ _id: String, version: Number, price: Number, currency: String, priceCrc: Number, status: String }, { versionKey: false });
/** A user who never changed the setting: every favourite, not paused (issue 31). */
export const DEFAULT_FAVOURITE_ALERTS = { allFavourites: true, paused: false } as const;
const defaults = (userId: string): FavouriteAlertSettingsDoc => ({ _id: userId, ...DEFAULT_FAVOURITE_ALERTS, chosen: [] });

const sendSchema = new Schema({ _id: String, state: String, at: Date }, { versionKey: false });

const TEXTS = {
  es: {
    dropSubject: 'Bajó de precio: {car}',
    soldSubject: 'Se vendió: {car}',
    drop: 'Un anuncio de sus favoritos bajó de precio: {car}, de {old} a {new}.',
    sold: 'Un anuncio de sus favoritos se marcó como vendido: {car}.',
    see: 'Ver el anuncio',
    unsubscribe: 'Para dejar de recibir alertas de sus favoritos, abra este enlace:',
  },
  en: {
    dropSubject: 'Price drop: {car}',
    soldSubject: 'Sold: {car}',
    drop: 'An ad among your favourites dropped its price: {car}, from {old} to {new}.',
    sold: 'An ad among your favourites was marked sold: {car}.',
    see: 'See the ad',
    unsubscribe: 'To stop receiving alerts about your favourites, open this link:',
  },
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');
const escape = escapeHtml;

export function favouriteAlertMail(input: {
  to: string;
  locale: Locale;
  kind: 'PRICE_DROP' | 'SOLD';
  ad: OpportunitySnapshot;
  oldPrice?: { price: number; currency: 'CRC' | 'USD' };
  publicUrl: string;
  token: string;
  key: string;
}): MailMessage {
  const { locale, ad, publicUrl } = input;
  const text = TEXTS[locale];
  const car = `${findBrand(ad.brand)?.label[locale] ?? ad.brand} ${ad.model} ${ad.year}`;
  const values = {
    car,
    old: input.oldPrice ? formatMoney(input.oldPrice.price, input.oldPrice.currency, locale) : '',
    new: formatMoney(ad.price, ad.currency, locale),
  };
  const line = fill(input.kind === 'SOLD' ? text.sold : text.drop, values);
  const link = `${publicUrl}/opportunity/${ad.id}`;
  const unsubscribeUrl = `${publicUrl}/unsubscribe?token=${encodeURIComponent(input.token)}`;
  const photo = ad.attachmentIds[0]
    ? `<a href="${escape(link)}"><img src="${escape(`${publicUrl}/api/v1/attachment/${ad.attachmentIds[0]}?w=320`)}" width="240" alt="${escape(car)}"></a>`
    : '';
  return {
    to: input.to,
    subject: fill(input.kind === 'SOLD' ? text.soldSubject : text.dropSubject, values),
    text: `${line}\n\n${text.see}: ${link}\n\n${text.unsubscribe}\n${unsubscribeUrl}\n`,
    html:
      `<!doctype html><html lang="${locale}"><body style="font-family:sans-serif"><p>${escape(line)}</p>${photo}<p><a ` +
      `href="${escape(link)}">${escape(text.see)}</a></p><p style="color:#666;font-size:12px">${escape(text.unsubscribe)} <a ` +
      `href="${escape(unsubscribeUrl)}">${escape(unsubscribeUrl)}</a></p></body></html>`,
    idempotencyKey: input.key,
    headers: {
      'List-Unsubscribe': `<${unsubscribeUrl}>, <mailto:unsubscribe@${new URL(publicUrl).hostname}?subject=${encodeURIComponent(input.token)}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

export interface FavouriteAlertsDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  clock: Clock;
  mailer: Mailer;
  collections: ListingsCollections;
  tokens: UnsubscribeTokens;
  publicUrl: string;
}

/**
 * Price-drop and sold alerts on favourites. Follows `listings.opportunity` (group
 * `listings-favourite-alerts`), keeping each ad's last price and status: a lower price (in the ad's
 * currency, or in colones when the currency changed) or a move to SOLD mails every user who has the
 * ad among favourites (added before the change) and wants alerts for it. Each mail is recorded by
 * change and user, so a redelivery or a replay sends nothing twice.
 */
export class FavouriteAlerts {
  private subscription: Subscription | null = null;

  private constructor(
    private readonly deps: FavouriteAlertsDeps,
    private readonly settings: Collection<FavouriteAlertSettingsDoc>,
    private readonly prices: Collection<AdPriceDoc>,
    private readonly sends: Collection<FavouriteAlertSendDoc>,
  ) {}

  static async open(deps: FavouriteAlertsDeps): Promise<FavouriteAlerts> {
    return new FavouriteAlerts(
      deps,
      await deps.store.collection<FavouriteAlertSettingsDoc>('listings_favourite_alert_settings', settingsSchema),
      await deps.store.collection<AdPriceDoc>('listings_favourite_alert_prices', priceSchema),
      await deps.store.collection<FavouriteAlertSendDoc>('listings_favourite_alert_sends', sendSchema),
    );
  }

  async start(): Promise<void> {
    const { bus, store, logger } = this.deps;
    this.subscription = await followAdSnapshots({
      bus,
      store,
      logger,
      group: 'listings-favourite-alerts',
      apply: (ad, event) => this.onAd(ad, event.aggregateVersion, new Date(event.occurredAt)),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  async get(caller: Caller | null): Promise<FavouriteAlertSettingsDoc> {
    const me = asSeller(caller);
    return (await this.settings.findById(me.userId)) ?? defaults(me.userId);
  }

  async set(change: { allFavourites?: unknown; paused?: unknown }, caller: Caller | null): Promise<FavouriteAlertSettingsDoc> {
    const me = asSeller(caller);
    const set: Record<string, boolean> = {};
    for (const key of ['allFavourites', 'paused'] as const) {
      if (change[key] === undefined || change[key] === null) continue;
      if (typeof change[key] !== 'boolean') throw new DomainError('VALIDATION', 'validationFailed', { [key]: 'errorOccurred' });
      set[key] = change[key];
    }
    // A first change keeps the defaults of what it does not change.
    const onInsert = Object.fromEntries(Object.entries(DEFAULT_FAVOURITE_ALERTS).filter(([key]) => !(key in set)));
    await this.settings.updateOne({ _id: me.userId }, { $set: set, $setOnInsert: { chosen: [], ...onInsert } }, { upsert: true });
    return this.get(me);
  }

  /** Turns the alert of one favourite on or off; the ad must be among the caller's favourites. */
  async choose(opportunityId: string, enabled: boolean, caller: Caller | null): Promise<FavouriteAlertSettingsDoc> {
    const me = asSeller(caller);
    if (!(await this.deps.collections.favourites.findById(favouriteId(me.userId, String(opportunityId))))) {
      throw new DomainError('NOT_FOUND', 'notFound', { opportunityId: 'notFound' });
    }
    const current = await this.get(me);
    const chosen = new Set(current.chosen);
    if (enabled) chosen.add(opportunityId);
    else chosen.delete(opportunityId);
    await this.settings.updateOne({ _id: me.userId }, { $set: { chosen: [...chosen] }, $setOnInsert: { ...DEFAULT_FAVOURITE_ALERTS } }, { upsert: true });
    return this.get(me);
  }

  /** Pauses every favourite alert of the user a mail's token names (no sign-in). */
  async unsubscribe(token: unknown): Promise<boolean> {
    const userId = this.deps.tokens.verify(FAVOURITE_ALERTS_TOKEN, token);
    if (!userId) throw new DomainError('VALIDATION', 'invalidUnsubscribeToken', { token: 'invalidUnsubscribeToken' });
    await this.settings.updateOne(
      { _id: userId },
      { $set: { paused: true }, $setOnInsert: { chosen: [], allFavourites: DEFAULT_FAVOURITE_ALERTS.allFavourites } },
      { upsert: true },
    );
    return true;
  }

  private async onAd(ad: OpportunitySnapshot, version: number, occurredAt: Date): Promise<void> {
    const before = await this.prices.findById(ad.id);
    if (before && before.version >= version) return;
    let kind: 'PRICE_DROP' | 'SOLD' | null = null;
    if (before && ad.status === 'SOLD' && before.status !== 'SOLD') kind = 'SOLD';
    else if (before && ad.status !== 'SOLD' && (ad.currency === before.currency ? ad.price < before.price : ad.priceCrc < before.priceCrc)) kind = 'PRICE_DROP';
    if (kind) await this.alert(kind, ad, version, occurredAt, before!);
    await favouritesFollowAd(this.deps.collections.favourites, ad, occurredAt);
    await this.prices.updateOne(
      { _id: ad.id },
      { $set: { version, price: ad.price, currency: ad.currency, priceCrc: ad.priceCrc, status: ad.status } },
      { upsert: true },
    );
  }

  private async alert(kind: 'PRICE_DROP' | 'SOLD', ad: OpportunitySnapshot, version: number, occurredAt: Date, before: AdPriceDoc): Promise<void> {
    const { collections, mailer } = this.deps;
    const marks = await collections.favourites.find({ opportunityId: ad.id });
    for (const mark of marks) {
      if (mark.addedAt.getTime() > occurredAt.getTime()) continue;
      const settings = (await this.settings.findById(mark.userId)) ?? defaults(mark.userId);
      if (settings.paused || !(settings.allFavourites || settings.chosen.includes(ad.id))) continue;
      const user = await collections.users.findById(mark.userId);
      if (!user) continue;
      const key = `${kind}|${ad.id}|${version}|${mark.userId}`;
      const sent = await this.sends.findById(key);
      if (sent?.state === 'SENT') continue;
      if (!sent) await this.sends.updateOne({ _id: key }, { $setOnInsert: { state: 'PENDING', at: this.deps.clock.now() } }, { upsert: true });
      await mailer.send(
        favouriteAlertMail({
          to: user.email,
          locale: user.language === 'en' ? 'en' : 'es',
          kind,
          ad,
          oldPrice: { price: before.price, currency: before.currency as 'CRC' | 'USD' },
          publicUrl: this.deps.publicUrl.replace(/\/$/, ''),
          token: this.deps.tokens.sign(FAVOURITE_ALERTS_TOKEN, mark.userId),
          key: `favourite-alert:${key}`,
        }),
      );
      await this.sends.updateOne({ _id: key }, { $set: { state: 'SENT' } });
    }
  }
}
