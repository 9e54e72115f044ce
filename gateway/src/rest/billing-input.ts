import { LEVEL_BY_CODE, LEVEL_CODES, newAdDefaults, validate, invoiceSchema as electronicInvoiceSchema, type Level, type LevelCode } from '@ruedas/domain';
import { REST_AD_FIELD_NAMES } from './ad-fields';
import { BadRequest, InvalidFields } from './route';

/**
 * The billing paths' request bodies: the legacy ad object (level as its code 1 to 4, `extraList` and
 * `attachmentIds` as comma-separated text, `phoneList` as JSON text, or GraphQL's encodings), the
 * flat legacy invoice object, the create's idempotency key; and the legacy invoice answer.
 */

/** The legacy ad object's fields a create or checkout reads. */
const INPUT_FIELDS = REST_AD_FIELD_NAMES;
const NUMBER_FIELDS = new Set(['year', 'motorSizeCC', 'mileage', 'price', 'transferPrice', 'passengersNumber']);
export const INVOICE_INPUT_FIELDS = ['idType', 'identification', 'fullname', 'address', 'email', 'phone', 'province', 'canton', 'district'] as const;

export const objectOf = (value: unknown, name: string): Record<string, unknown> => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new BadRequest(`${name}: expected an object`);
  return value as Record<string, unknown>;
};
const list = (value: unknown) =>
  typeof value === 'string'
    ? value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)
    : value;

export function level(value: unknown): unknown {
  if (typeof value === 'number' || (typeof value === 'string' && /^[1-4]$/.test(value))) {
    const found = LEVEL_BY_CODE[Number(value) as LevelCode];
    if (found) return found;
  }
  return value;
}

function phones(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw new BadRequest('opportunity.phoneList: expected JSON text of [{ "phone", "phoneType" }]');
  }
}

/** The ad of a request body as GraphQL's OpportunityInput. */
export function opportunityInput(value: unknown): Record<string, unknown> {
  const ad = objectOf(value, 'opportunity');
  const input: Record<string, unknown> = {};
  for (const field of INPUT_FIELDS) {
    let item = ad[field];
    if (item === undefined) continue;
    if (field === 'level') item = level(item);
    if (field === 'extraList' || field === 'attachmentIds') item = list(item);
    if (field === 'phoneList') item = phones(item);
    if (NUMBER_FIELDS.has(field) && typeof item === 'string' && item.trim() !== '' && Number.isFinite(Number(item))) item = Number(item);
    input[field] = item;
  }
  return input;
}

/**
 * A legacy client's new ad with the spec's defaults for the fields it left out (year, currency, fuel,
 * transmission, mileage unit, taxes, passengers, the commonest extras). Only the REST create applies
 * them: the web wizard proposes and asks instead (issue 31), and an edit keeps what the ad has.
 */
export function withLegacyDefaults(input: Record<string, unknown>, now: Date = new Date()): Record<string, unknown> {
  const { level: _level, autoApproval: _autoApproval, ...defaults } = newAdDefaults(now);
  const filled: Record<string, unknown> = { ...input };
  for (const [field, value] of Object.entries(defaults)) if (filled[field] === undefined || filled[field] === null) filled[field] = value;
  return filled;
}

/** The electronic-invoice data of a request body; null when none was asked for (absent or all empty). */
export function invoiceInput(value: unknown): Record<string, unknown> | null {
  if (value === null || value === undefined) return null;
  const invoice = objectOf(value, 'invoice');
  const input = Object.fromEntries(
    INVOICE_INPUT_FIELDS.filter((field) => invoice[field] !== undefined && invoice[field] !== null).map((field) => [field, invoice[field]]),
  );
  const given = Object.entries(input).some(([field, text]) => field !== 'idType' && typeof text === 'string' && text.trim() !== '');
  return given ? input : null;
}

/**
 * The electronic-invoice data of a request body, checked with billing's rules (`invoiceSchema`, the
 * wizard's) before the path writes anything: a composite path that created the ad and then found
 * the invoice wrong would answer an error with the ad already made.
 */
export function checkedInvoiceInput(value: unknown): Record<string, unknown> | null {
  const input = invoiceInput(value);
  if (!input) return null;
  const result = validate(electronicInvoiceSchema, input);
  if (!result.ok) throw new InvalidFields(Object.fromEntries(Object.entries(result.errors).map(([field, key]) => [`invoice.${field}`, key])));
  return input;
}

/** The idempotency key of a create: `requestId` in the body or the `Idempotency-Key` header (the same when both). */
export function requestIdOf(body: Record<string, unknown>, headers: Record<string, string | string[] | undefined> = {}): string | null {
  const header = headers['idempotency-key'];
  if (Array.isArray(header)) throw new InvalidFields({ requestId: 'invalidRequestId' });
  if (body.requestId !== undefined && body.requestId !== null && typeof body.requestId !== 'string') throw new InvalidFields({ requestId: 'invalidRequestId' });
  const fromBody = typeof body.requestId === 'string' ? body.requestId : undefined;
  if (fromBody !== undefined && header !== undefined && fromBody !== header) throw new InvalidFields({ requestId: 'invalidRequestId' });
  return fromBody ?? header ?? null;
}

export const INVOICE_FIELDS =
  'id codigoint kind opportunityId plan { planLevel totalOpportunities } level quickApproval amount currency status paymentMethod refnum ' +
  'electronicInvoice { idType identification fullname address email phone province canton district } creationDate paidAt redirectUrl cancellable user { id }';

export interface GraphInvoice extends Record<string, unknown> {
  electronicInvoice: Record<string, unknown> | null;
  user: { id: string };
  level: Level;
}

/** The legacy invoice object: flat, with the electronic-invoice data beside its own fields. */
export function restInvoice(invoice: GraphInvoice | null) {
  if (!invoice) return null;
  const { electronicInvoice, user, level: invoiceLevel, ...rest } = invoice;
  return { ...rest, level: LEVEL_CODES[invoiceLevel], userId: user.id, idType: 'NONE', ...(electronicInvoice ?? {}) };
}
