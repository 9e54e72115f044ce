import { invoiceSchema, validate, type PlanLevel } from '@ruedas/domain';
import type { Actor } from '@ruedas/events';
import { DomainError, validationFailed, type Clock, type GlobalParameters, type Logger, type OutboxRelay } from '@ruedas/platform';
import type { PaymentProvider } from '../provider';
import type { Caller } from '../rules';
import type { BillingCollections, ElectronicInvoiceData, InvoiceDoc, Outcome } from '../store';

/* What billing's sections share: the service's ports, the shared results and the small helpers. */

export type InvoiceChange = 'CREATED' | 'PAID' | 'TRANSFER_SUBMITTED' | 'TRANSFER_REJECTED' | 'VOIDED' | 'CANCELLED' | 'REFUNDED';

export interface BillingDeps {
  collections: BillingCollections;
  outbox: OutboxRelay;
  clock: Clock;
  parameters: GlobalParameters;
  provider: PaymentProvider;
  logger: Logger;
  /** How long a checkout waits for the snapshot of an ad billing does not know yet. */
  adWaitMs: number;
}

export interface CheckoutResult {
  opportunityId: string;
  isPayed: boolean;
  redirectUrl: string | null;
  invoice: InvoiceDoc | null;
  total: number;
  coveredByPlan: boolean;
}

export interface PaymentResult {
  outcome: Outcome;
  invoice: InvoiceDoc;
  isPayed: boolean;
}

export interface PlanBalance {
  planLevel: PlanLevel;
  availableOpportunities: number;
  expirationDate: Date | null;
  blocked: boolean;
}

export const RETRIES = 8;
export const OPEN: InvoiceDoc['status'][] = ['NEW', 'TRANSFER_PENDING'];

/** GraphQL gives null for a field sent empty: treat it as left out. */
export function present(input: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(input).filter(([, value]) => value !== null && value !== undefined));
}

export const conflict = (messageKey = 'errorOccurred') => new DomainError('CONFLICT', messageKey);
export const actorOf = (caller: Caller | null): Actor => (caller ? { kind: 'user', id: caller.userId } : { kind: 'system', id: 'billing' });

/** Electronic-invoice data when asked for (validated with the wizard's rules), null otherwise. */
export function electronicInvoice(input: unknown): ElectronicInvoiceData | null {
  if (input === null || input === undefined) return null;
  const result = validate(invoiceSchema, present(input as Record<string, unknown>));
  if (!result.ok) throw validationFailed(Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [`invoice.${field}`, key])));
  const data = result.data;
  return { ...data, province: data.province ?? '', canton: data.canton ?? '', district: data.district ?? '' } as ElectronicInvoiceData;
}

/** A section of the billing rules: the service's ports and the two collections most of them write. */
export abstract class BillingPart {
  constructor(protected readonly deps: BillingDeps) {}

  protected get invoices() {
    return this.deps.collections.invoices;
  }

  protected get plans() {
    return this.deps.collections.plans;
  }

  now(): Date {
    return this.deps.clock.now();
  }

  parameter(key: Parameters<GlobalParameters['get']>[0]): number {
    return this.deps.parameters.get(key);
  }
}
