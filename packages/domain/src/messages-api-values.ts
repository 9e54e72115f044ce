import type { Label } from './label';

/**
 * Messages of the GraphQL API's typed input values (issue 18, decision 0095): a `Date` or `DateTime`
 * argument (or input field) that is not one is refused by the gateway before anything runs, naming it.
 */
export const API_VALUE_MESSAGES = {
  invalidDayArgument: {
    es: '{name}: ingrese un día como aaaa-MM-dd (2026-03-31).',
    en: '{name}: enter a day as yyyy-MM-dd (2026-03-31).',
  },
  invalidDay: { es: 'Ingrese un día como aaaa-MM-dd (2026-03-31).', en: 'Enter a day as yyyy-MM-dd (2026-03-31).' },
  invalidInstantArgument: {
    es: '{name}: ingrese una fecha y hora ISO 8601 con su zona horaria (2026-03-31T14:30:00Z).',
    en: '{name}: enter an ISO 8601 date and time with its offset (2026-03-31T14:30:00Z).',
  },
  invalidInstant: {
    es: 'Ingrese una fecha y hora ISO 8601 con su zona horaria (2026-03-31T14:30:00Z).',
    en: 'Enter an ISO 8601 date and time with its offset (2026-03-31T14:30:00Z).',
  },
} as const satisfies Record<string, Label>;

/** Where the placeholders of these messages get their values (see MESSAGE_VALUE_SOURCES). */
export const API_VALUE_MESSAGE_SOURCES = {
  invalidDayArgument: { name: 'raiser' },
  invalidInstantArgument: { name: 'raiser' },
} as const;
