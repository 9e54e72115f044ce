import {
  complaintFiled,
  contactClicked,
  createEvent,
  impersonalUserRegistered,
  invoiceChanged,
  opportunityChanged,
  planChanged,
  userConfirmed,
  userRegistered,
  userRoleChanged,
  type Envelope,
  type EventDefinition,
  type InvoiceSnapshot,
  type OpportunitySnapshot,
  type UserSnapshot,
} from '@ruedas/events';
import type { EventBus } from '@ruedas/platform';
import { random } from '@ruedas/testing/random';
import { adSnapshot, userSnapshot } from '@ruedas/testing/services';

/**
 * A random, seeded history of what identity, listings, billing and moderation publish: users
 * (some impersonal, some confirmed, some TESTUSERs, roles flipped on and off), ads through their
 * statuses (settled free ads, quick approvals, paid or plan-covered ads, abandoned payments,
 * expiries, renewals, sales), invoices paid and cancelled, plans bought and granted, plan units,
 * complaints and clicks, over many Costa Rica days. Events come out in time order.
 */
export const DASHBOARD_QUERY = `query D($from: String, $to: String) { dashboard(from: $from, to: $to) {
  generalData { ...Summary }
  periodData {
    from to
    summary { ...Summary }
    chartSeries { free { labels data } paid { labels data } }
    totalReportedOpportunities searches usersPurchases
    clickedOpportunities { opportunityId opportunity { id } brand model year clicks }
    topBrandModelSearches { brand model searches }
    countedOpportunitiesByBrand { brand total }
    activityFrom
  }
} }
fragment Ads on DashboardAdsSummary { totalCreated totalFree totalPaid totalGoldLevel totalSilverLevel totalBronzeLevel immediateApproval }
fragment Plans on DashboardPlanCount { totalCreated totalOpportunities totalGoldLevel totalSilverLevel totalBronzeLevel }
fragment Summary on DashboardSummary {
  totalRevenue
  opportunitiesSummary { ...Ads } inPlanOpportunitiesSummary { ...Ads } paidOpportunitiesSummary { ...Ads }
  plansSummary { paidPlans { ...Plans } sponsoredPlans { ...Plans } }
  renewingSummary { pending expired }
  usersSummary { totalCreated organic impersonalSummary { totalRegistered totalConfirmed totalNoConfirmed } }
}`;

export interface Published {
  topic: string;
  envelope: Envelope;
}

/** Publishes the events on the bus, in order (as their services' relays would). */
export async function deliver(bus: EventBus, events: Published[]): Promise<void> {
  for (const { topic, envelope } of events) await bus.publish(topic, [{ key: envelope.aggregateId, value: envelope }]);
}

/** A moment: milliseconds since the epoch, or an ISO date-time. */
type At = number | string;
const ms = (at: At) => (typeof at === 'string' ? Date.parse(at) : at);

/** Deterministic random numbers (mulberry32). */
export { random } from '@ruedas/testing/random';

export const HISTORY_START = Date.parse('2025-01-01T06:00:00.000Z');
const HOUR = 3_600_000;
const LEVELS = ['FREE', 'BRONZE', 'SILVER', 'GOLD'] as const;
const BRANDS = [
  ['TOYOTA', 'Corolla'],
  ['HONDA', 'Civic'],
  ['NISSAN', 'Sentra'],
  ['MAZDA', '3'],
  ['HYUNDAI', 'Tucson'],
] as const;

/** The events publisher: versions per aggregate, snapshots kept, the sellers' current roles. */
export class HistoryWriter {
  /** `actorId`: the id of the user every event names as its actor. */
  constructor(private readonly actorId = 'history') {}

  readonly events: Published[] = [];
  private readonly versions = new Map<string, number>();
  readonly users = new Map<string, UserSnapshot>();
  readonly ads = new Map<string, OpportunitySnapshot>();
  readonly invoices = new Map<string, InvoiceSnapshot>();
  /** Plan changes the dashboard keeps (GRANTED, UNIT_USED). */
  planChanges = 0;

  /** Any event, at the aggregate's next version. */
  emit<P>(definition: EventDefinition<P>, aggregateId: string, at: At, payload: P): Envelope {
    const key = `${definition.topic}|${aggregateId}`;
    const aggregateVersion = (this.versions.get(key) ?? 0) + 1;
    this.versions.set(key, aggregateVersion);
    const envelope = createEvent(definition, { aggregateId, aggregateVersion, actor: { kind: 'user', id: this.actorId }, payload, occurredAt: new Date(at) });
    this.events.push({ topic: definition.topic, envelope });
    return envelope;
  }

  register(id: string, at: At, impersonal: boolean, testUser: boolean, promotionalAds = 0): void {
    const user = userSnapshot(id, {
      role: testUser ? 'TESTUSER' : 'ADVERTISER',
      status: impersonal ? 'NOT_CONFIRMED' : 'ACTIVE',
      impersonal,
      dateCreated: new Date(ms(at)).toISOString(),
    });
    this.users.set(id, user);
    if (impersonal) this.emit(impersonalUserRegistered, id, at, { user, registeredBy: 'impersonator', plan: { promotionalAds, planLevel: 'SILVER' } });
    else this.emit(userRegistered, id, at, { user });
  }

  confirm(id: string, at: At): void {
    const user = { ...this.users.get(id)!, status: 'ACTIVE' as const };
    this.users.set(id, user);
    this.emit(userConfirmed, id, at, { user });
  }

  /** TESTUSER on or off. */
  flip(id: string, at: At): void {
    const before = this.users.get(id)!;
    const user = { ...before, role: before.role === 'TESTUSER' ? ('ADVERTISER' as const) : ('TESTUSER' as const) };
    this.users.set(id, user);
    this.emit(userRoleChanged, id, at, { user, previous: before.role });
  }

  isTestUser = (id: string) => this.users.get(id)?.role === 'TESTUSER';

  ad(
    id: string,
    at: At,
    change: 'CREATED' | 'STATUS_CHANGED' | 'RENEWED' | 'UPDATED',
    fields: Partial<OpportunitySnapshot> & { sellerId?: string } = {},
  ): void {
    const before = this.ads.get(id);
    const { sellerId, ...rest } = fields;
    const seller = sellerId ?? before!.seller.id;
    const snapshot: OpportunitySnapshot = {
      ...(before ?? adSnapshot(id, { seller: { id: seller, fullName: 'Ana Mora', userType: 'PERSON', testUser: false } })),
      ...rest,
    };
    snapshot.seller = { ...snapshot.seller, testUser: this.isTestUser(seller) };
    this.ads.set(id, snapshot);
    this.emit(opportunityChanged, id, at, { opportunity: snapshot, change, previousStatus: change === 'STATUS_CHANGED' ? (before?.status ?? null) : null });
  }

  adStatus = (id: string) => this.ads.get(id)?.status;

  invoice(id: string, at: At, change: 'CREATED' | 'PAID' | 'CANCELLED', fields: Partial<InvoiceSnapshot> = {}): void {
    const before = this.invoices.get(id);
    const snapshot: InvoiceSnapshot = {
      ...(before ?? {
        id,
        codigoint: id,
        kind: 'OPPORTUNITY',
        userId: 'nobody',
        opportunityId: null,
        level: 'FREE',
        quickApproval: false,
        planQuantity: 0,
        amount: 0,
        currency: 'CRC',
        status: 'NEW',
        paymentMethod: 'CARD',
        createdAt: new Date(ms(at)).toISOString(),
        paidAt: null,
        testUser: false,
      }),
      ...fields,
      ...(change === 'PAID' ? { status: 'PAID' as const, paidAt: new Date(ms(at)).toISOString() } : {}),
      ...(change === 'CANCELLED' ? { status: 'CANCELLED' as const } : {}),
    };
    snapshot.testUser = this.isTestUser(snapshot.userId);
    this.invoices.set(id, snapshot);
    this.emit(invoiceChanged, id, at, { invoice: snapshot, change });
  }

  plan(
    userId: string,
    level: 'GOLD' | 'SILVER' | 'BRONZE',
    change: 'PURCHASED' | 'GRANTED' | 'UNIT_USED',
    quantity: number,
    at: At,
    opportunityId: string | null = null,
  ): void {
    if (change !== 'PURCHASED') this.planChanges += 1;
    this.emit(planChanged, `${userId}:${level}`, at, {
      plan: { userId, level, availableOpportunities: 5, expiresAt: null, blocked: false },
      change,
      quantity,
      opportunityId,
      invoiceId: null,
    });
  }

  complaint(id: string, opportunityId: string, at: At, byTestUser = false): Envelope {
    return this.emit(complaintFiled, id, at, {
      complaint: { id, opportunityId, details: 'x', dateCreated: new Date(ms(at)).toISOString(), resolved: false },
      reporterId: null,
      byTestUser,
    });
  }

  click(opportunityId: string, at: At, byTestUser = false): void {
    this.emit(contactClicked, opportunityId, at, {
      opportunityId,
      clickType: 'CONTACT_SELLER_BY_WHATSAPP',
      dateCreated: new Date(ms(at)).toISOString(),
      viewerId: null,
      byTestUser,
    });
  }
}

/**
 * `users` users and `ads` ads over `days` days from HISTORY_START: every step is a timed action,
 * run in time order on one writer.
 */
export function randomHistory(seed: number, size: { users: number; ads: number; days: number }): HistoryWriter {
  const rnd = random(seed);
  const writer = new HistoryWriter();
  const actions: Array<{ at: number; run: () => void }> = [];
  const span = size.days * 24 * HOUR;
  const when = (after: number, within = span) => Math.min(HISTORY_START + span - 1, after + 1 + Math.floor(rnd.next() * within));
  const later = (at: number, run: (at: number) => void) => actions.push({ at, run: () => run(at) });

  const users: Array<{ id: string; at: number }> = [];
  for (let u = 0; u < size.users; u++) {
    const id = `u${u}`;
    const at = HISTORY_START + Math.floor(rnd.next() * span * 0.6);
    const impersonal = rnd.chance(0.3);
    users.push({ id, at });
    later(at, (t) => writer.register(id, t, impersonal, rnd.chance(0.15), impersonal ? 3 : 0));
    if (impersonal) {
      if (rnd.chance(0.5)) later(when(at), (t) => writer.confirm(id, t));
      later(at + 1, (t) => writer.plan(id, 'SILVER', 'GRANTED', rnd.int(1, 5), t));
    }
    if (rnd.chance(0.3)) later(when(at), (t) => writer.flip(id, t));
    if (rnd.chance(0.1)) later(when(at), (t) => writer.flip(id, t));
    if (rnd.chance(0.2)) {
      const bought = when(at);
      const level = rnd.pick(['GOLD', 'SILVER', 'BRONZE'] as const);
      const quantity = rnd.int(10, 30);
      later(bought, (t) =>
        writer.invoice(`pl-${id}`, t, 'CREATED', { kind: 'PLAN', userId: id, level, quickApproval: true, planQuantity: quantity, amount: quantity * 1_000.5 }),
      );
      later(bought + 60_000, (t) => writer.invoice(`pl-${id}`, t, 'PAID'));
      later(bought + 60_000, (t) => writer.plan(id, level, 'PURCHASED', quantity, t));
    }
  }

  for (let a = 0; a < size.ads; a++) {
    const id = `a${a}`;
    const seller = rnd.pick(users);
    const created = when(seller.at, span / 2);
    const level = rnd.pick(LEVELS);
    const [brand, model] = rnd.pick(BRANDS);
    const autoApproval = level !== 'FREE' || rnd.chance(0.3);
    const mode = level === 'FREE' ? (autoApproval ? 'quick' : 'free') : rnd.chance(0.3) ? 'plan' : 'invoice';
    const paid = rnd.chance(0.8);
    later(created, (t) => writer.ad(id, t, 'CREATED', { sellerId: seller.id, level, brand, model, autoApproval, paymentPending: mode !== 'free' }));
    let live = created + 60_000;
    if (mode === 'free') {
      if (!rnd.chance(0.7)) continue;
      live = when(created, 3 * 24 * HOUR);
      later(live, (t) => writer.ad(id, t, 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE' }));
    } else if (mode === 'plan') {
      const planLevel = level as 'GOLD' | 'SILVER' | 'BRONZE';
      later(created + 30_000, (t) => writer.plan(seller.id, planLevel, 'UNIT_USED', -1, t, rnd.chance(0.1) ? null : id));
      later(live, (t) => writer.ad(id, t, 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false }));
    } else {
      const amount = level === 'FREE' ? 2_000 : rnd.int(5, 15) * 1_000 + 0.25;
      later(created, (t) => writer.invoice(`inv-${id}`, t, 'CREATED', { userId: seller.id, opportunityId: id, level, quickApproval: true, amount }));
      if (!paid) continue;
      later(live, (t) => writer.invoice(`inv-${id}`, t, 'PAID'));
      later(live, (t) => writer.ad(id, t, 'STATUS_CHANGED', { status: 'PUBLIC_ONLINE', paymentPending: false }));
      if (rnd.chance(0.1)) later(live + HOUR, (t) => writer.invoice(`inv-${id}`, t, 'CANCELLED'));
    }
    for (let c = rnd.int(0, 3); c > 0; c--) later(when(live), (t) => writer.click(id, t));
    if (rnd.chance(0.2)) later(when(live), (t) => writer.complaint(`c-${id}`, id, t));
    if (rnd.chance(0.4)) {
      const expired = when(live, 20 * 24 * HOUR);
      later(expired, (t) => writer.ad(id, t, 'STATUS_CHANGED', { status: 'EXPIRED' }));
      if (level !== 'FREE' && rnd.chance(0.5)) later(expired + HOUR, (t) => writer.ad(id, t, 'RENEWED', { status: 'PUBLIC_ONLINE' }));
    } else if (rnd.chance(0.2)) later(when(live), (t) => writer.ad(id, t, 'STATUS_CHANGED', { status: 'SOLD' }));
  }
  // A plan unit for an ad never seen, and one used before its ad is known.
  later(HISTORY_START + HOUR, (t) => writer.plan(users[0]!.id, 'GOLD', 'UNIT_USED', -1, t, 'never-seen'));

  actions.sort((x, y) => x.at - y.at);
  for (const action of actions) action.run();
  return writer;
}
