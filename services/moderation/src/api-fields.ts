import { DateScalar, DateTimeScalar, isDomainError, DomainError, money, withResolverFields, type Resolvers } from '@ruedas/platform';

/**
 * The API's typed fields of moderation (issue 18, decisions 0070 and 0095): instants as `DateTime`,
 * Costa Rica days as `Date` and the revenue as `Money`, each beside the deprecated `String`/`Float`
 * field it replaces, and the `firstDay`/`lastDay` arguments beside the deprecated `from`/`to`.
 * These only shape answers and arguments; the rules stay where they are.
 */
const apiFields: Resolvers = {
  DateTime: DateTimeScalar,
  Date: DateScalar,
  ReviewQueueItem: { queuedSince: (ad: { queuedAt: Date | null }) => ad.queuedAt },
  Complaint: { createdAt: (complaint: { dateCreated: Date | string }) => complaint.dateCreated },
  ContactClick: { createdAt: (click: { dateCreated: Date }) => click.dateCreated },
  StaffActionEntry: { performedAt: (entry: { at: Date }) => entry.at },
  DashboardSummary: { revenue: (summary: { totalRevenue: number }) => money(summary.totalRevenue, 'CRC') },
  DashboardSeries: { days: (series: { labels: string[] }) => series.labels },
  DashboardPeriod: {
    firstDay: (period: { from: string }) => period.from,
    lastDay: (period: { to: string }) => period.to,
  },
};

/** The resolvers given, with the typed fields added to their types. */
export function withApiFields(resolvers: Resolvers): Resolvers {
  return withResolverFields(resolvers, apiFields);
}

/** A period given by the new `firstDay`/`lastDay` (Date) or, when both are left out, the deprecated `from`/`to`. */
export function dayRange(args: { from?: unknown; to?: unknown; firstDay?: unknown; lastDay?: unknown } | null | undefined): {
  from: unknown;
  to: unknown;
  typed: boolean;
} {
  const typed = args?.firstDay != null || args?.lastDay != null;
  return typed ? { from: args?.firstDay, to: args?.lastDay, typed } : { from: args?.from, to: args?.to, typed };
}

/** Runs `work`; a VALIDATION error naming `from`/`to` names `firstDay`/`lastDay` instead when those were the arguments used. */
export async function namingDays<T>(typed: boolean, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!typed || !isDomainError(error) || !error.fields) throw error;
    const names: Record<string, string> = { from: 'firstDay', to: 'lastDay' };
    const fields = Object.fromEntries(Object.entries(error.fields).map(([field, key]) => [names[field] ?? field, key]));
    throw new DomainError(error.code, error.messageKey, fields, error.params);
  }
}
