import {
  complaintFiled,
  contactClicked,
  invoiceChanged,
  planChanged,
  readEvent,
  searchPerformed,
  topics,
  type Envelope,
  type UserSnapshot,
} from '@ruedas/events';
import {
  adBasics,
  consumeEvents,
  followAdSnapshots,
  followIdentityUsers,
  LeaseKeeper,
  Leases,
  type AdChangedEvent,
  type Clock,
  type DocumentStore,
  type EventBus,
  type Logger,
  type Subscription,
} from '@ruedas/platform';
import { DashboardModel } from './model';
import { ActivityRollup } from './rollup';

/** How often the dashboard's writer sums the activity of past days (issue 30). */
export const ROLLUP_INTERVAL_MS = 10 * 60_000;
import type { DashboardCollections } from './store';

export interface DashboardProjectionDeps {
  bus: EventBus;
  store: DocumentStore;
  logger: Logger;
  dashboard: DashboardCollections;
  /** The figures the users', ads' and billing's facts feed (decision 0056). */
  model: DashboardModel;
}

/**
 * The dashboard's projections. Snapshot topics (users, ads, invoices, plans) are applied once per
 * aggregate version; activity topics (searches, complaints, clicks) once per event id. Every write
 * is an upsert keyed by the thing counted, so a handler repeated after a crash counts nothing twice;
 * users, ads, invoices and plan changes go through the model, which applies each as a journalled
 * operation whose repetition adds nothing (decision 0056).
 */
/**
 * The dashboard's read model has one writer: the copy holding the lease `moderation.dashboard`
 * opens it (finishing a journalled operation) and follows its events; another copy takes over
 * within the lease's time limit when it stops or dies.
 */
export async function startDashboardWriter(
  deps: Omit<DashboardProjectionDeps, 'model'> & { owner: string; ttlMs?: number; clock: Clock; rollupMs?: number },
): Promise<LeaseKeeper> {
  const { owner, ttlMs, clock, rollupMs, ...follow } = deps;
  const writer = new LeaseKeeper({
    leases: await Leases.open(deps.store),
    name: 'moderation.dashboard',
    owner,
    logger: deps.logger,
    ...(ttlMs ? { ttlMs } : {}),
    start: async () => {
      const model = await DashboardModel.open(deps.dashboard, deps.logger);
      const following = await followDashboard({ ...follow, model });
      // The activity of past days summed into day totals, so that its documents can go (issue 30).
      const rollup = await ActivityRollup.open(deps.dashboard, deps.logger);
      let rolling: Promise<unknown> = Promise.resolve();
      const timer = setInterval(() => {
        rolling = rolling.then(() => rollup.run(clock.now())).catch((error: unknown) => deps.logger.error({ error }, 'dashboard activity roll-up failed'));
      }, rollupMs ?? ROLLUP_INTERVAL_MS);
      timer.unref();
      return {
        async stop() {
          clearInterval(timer);
          for (const subscription of following) await subscription.stop();
          await model.idle();
          await rolling;
        },
      };
    },
  });
  await writer.start();
  return writer;
}

export async function followDashboard(deps: DashboardProjectionDeps): Promise<Subscription[]> {
  const { dashboard, model } = deps;
  const users = await followIdentityUsers({ ...deps, group: 'moderation-dashboard-users', apply: (user) => applyUser(model, user) });

  const ads = await followAdSnapshots({ ...deps, group: 'moderation-dashboard-ads', apply: (_ad, event) => applyAd(model, event) });

  const billing = await consumeEvents({
    ...deps,
    group: 'moderation-dashboard-billing',
    topics: [topics.billingInvoice, topics.billingPlan],
    dedupe: 'aggregateVersion',
    handle: (envelope) => applyBilling(model, envelope),
  });

  const activity = await consumeEvents({
    ...deps,
    group: 'moderation-dashboard-activity',
    topics: [topics.searchQuery, topics.moderationComplaint, topics.moderationContact],
    dedupe: 'eventId',
    handle: (envelope) => recordActivity(dashboard, envelope),
  });

  return [users, ads, billing, activity];
}

/** A user's snapshot: the model's user fact. */
async function applyUser(model: DashboardModel, user: UserSnapshot): Promise<void> {
  await model.applyUser({
    _id: user.id,
    createdAt: new Date(user.dateCreated),
    impersonal: user.impersonal,
    confirmed: user.status !== 'NOT_CONFIRMED',
    testUser: user.role === 'TESTUSER',
  });
}

/** An ad's snapshot: the model's ad fact (its creation, renewal and expiry remembered across snapshots). */
async function applyAd(model: DashboardModel, event: AdChangedEvent): Promise<void> {
  const { opportunity: ad, change, previousStatus } = event.payload;
  const at = new Date(event.occurredAt);
  const expired = ad.status === 'EXPIRED' && previousStatus !== 'EXPIRED' && change === 'STATUS_CHANGED';
  await model.applyAd(ad.id, (before) => ({
    _id: ad.id,
    createdAt: before?.createdAt ?? at,
    ...adBasics(ad),
    autoApproval: ad.autoApproval,
    testUser: ad.seller.testUser,
    renewed: change === 'RENEWED' || (before?.renewed ?? false),
    expiredAt: expired ? at : (before?.expiredAt ?? null),
  }));
}

/** An invoice's snapshot, or a plan change that grants or uses units: the model's billing facts. */
async function applyBilling(model: DashboardModel, envelope: Envelope): Promise<void> {
  const invoice = readEvent(invoiceChanged, envelope)?.payload.invoice;
  if (invoice) {
    const { kind, userId, opportunityId, level, quickApproval, planQuantity, amount, status, testUser } = invoice;
    await model.applyInvoice({
      _id: invoice.id,
      kind,
      userId,
      opportunityId,
      level,
      quickApproval,
      planQuantity,
      amount,
      status,
      testUser,
      paidAt: invoice.paidAt ? new Date(invoice.paidAt) : null,
    });
    return;
  }
  const plan = readEvent(planChanged, envelope)?.payload;
  if (!plan || (plan.change !== 'GRANTED' && plan.change !== 'UNIT_USED')) return;
  await model.applyPlanChange({
    _id: envelope.id,
    change: plan.change,
    userId: plan.plan.userId,
    level: plan.plan.level,
    quantity: Math.abs(plan.quantity),
    opportunityId: plan.opportunityId,
    at: new Date(envelope.occurredAt),
  });
}

/** A search, a complaint or a contact click: one activity document, keyed so a repetition counts once. */
async function recordActivity(dashboard: DashboardCollections, envelope: Envelope): Promise<void> {
  const base = { opportunityId: null, brand: null, model: null, firstPage: false };
  const search = readEvent(searchPerformed, envelope)?.payload;
  if (search) {
    const { brand, model } = search.filter;
    await dashboard.activity.updateOne(
      { _id: envelope.id },
      {
        $set: {
          ...base,
          kind: 'SEARCH',
          at: new Date(envelope.occurredAt),
          testUser: search.viewer?.role === 'TESTUSER',
          brand: brand ?? null,
          model: brand && model ? model : null,
          firstPage: search.pageNumber === 1,
        },
      },
      { upsert: true },
    );
    return;
  }
  const complaint = readEvent(complaintFiled, envelope)?.payload;
  if (complaint) {
    await dashboard.activity.updateOne(
      { _id: `complaint:${complaint.complaint.id}` },
      {
        $set: {
          ...base,
          kind: 'COMPLAINT',
          at: new Date(complaint.complaint.dateCreated),
          testUser: complaint.byTestUser,
          opportunityId: complaint.complaint.opportunityId,
        },
      },
      { upsert: true },
    );
    return;
  }
  const click = readEvent(contactClicked, envelope)?.payload;
  if (click) {
    await dashboard.activity.updateOne(
      { _id: envelope.id },
      { $set: { ...base, kind: 'CLICK', at: new Date(click.dateCreated), testUser: click.byTestUser, opportunityId: click.opportunityId } },
      { upsert: true },
    );
  }
}
