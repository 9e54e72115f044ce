import { GraphQLError, GraphQLScalarType, Kind } from 'graphql';

/**
 * The API's own scalars and value types (issue 18): an instant is a `DateTime` (ISO 8601 in UTC,
 * `2026-11-25T20:35:00.000Z`), a calendar day a `Date` (`2026-11-25`), an amount of money a `Money`
 * (a decimal string with its currency). Each subgraph that uses one declares it in its SDL with the
 * same description and adds these resolvers.
 */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function parseDateTime(value: unknown): Date {
  if (typeof value !== 'string' || !ISO_DATE_TIME.test(value) || !toDate(value))
    throw new GraphQLError('DateTime: an ISO 8601 date and time with its offset is expected, e.g. 2026-11-25T20:35:00Z');
  return new Date(value);
}

function parseDate(value: unknown): string {
  if (typeof value !== 'string' || !ISO_DATE.test(value) || Number.isNaN(new Date(`${value}T00:00:00Z`).getTime())) {
    throw new GraphQLError('Date: an ISO 8601 calendar date is expected, e.g. 2026-11-25');
  }
  return value;
}

function toDate(value: unknown): Date | null {
  const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
}

export const DateTimeScalar: GraphQLScalarType<Date, string> = new GraphQLScalarType<Date, string>({
  name: 'DateTime',
  serialize(value) {
    const date = toDate(value);
    if (!date) throw new GraphQLError(`DateTime cannot represent ${JSON.stringify(value)}`);
    return date.toISOString();
  },
  parseValue: parseDateTime,
  parseLiteral(node) {
    if (node.kind !== Kind.STRING) throw new GraphQLError('DateTime: an ISO 8601 string is expected');
    return parseDateTime(node.value);
  },
});

export const DateScalar: GraphQLScalarType<string, string> = new GraphQLScalarType<string, string>({
  name: 'Date',
  serialize(value) {
    if (typeof value === 'string' && ISO_DATE.test(value)) return value;
    const date = toDate(value);
    if (!date) throw new GraphQLError(`Date cannot represent ${JSON.stringify(value)}`);
    return date.toISOString().slice(0, 10);
  },
  parseValue: parseDate,
  parseLiteral(node) {
    if (node.kind !== Kind.STRING) throw new GraphQLError('Date: an ISO 8601 string is expected');
    return parseDate(node.value);
  },
});

/** An amount of money as the API answers it: a decimal string with 2 decimals (no float rounding) and its currency. */
export interface Money {
  amount: string;
  currency: string;
}

export function money(amount: number, currency: string): Money {
  return { amount: (Math.round(amount * 100) / 100).toFixed(2), currency };
}
