import type { Label } from '../label';

/** General messages: any request or form (validation, permission, limits of one GraphQL request, page sizes, REST arguments). */
export const GENERAL_MESSAGES = {
  // General
  required: { es: 'Este campo es obligatorio.', en: 'This field is required.' },
  mustBeNumber: { es: 'El valor debe ser un número.', en: 'Value must be a number.' },
  errorOccurred: { es: 'Ha ocurrido un error. Por favor intente de nuevo.', en: 'An error occurred. Please try again.' },
  validationFailed: {
    es: 'Algunos datos no son válidos. Revise los campos indicados.',
    en: 'Some of the data is not valid. Check the fields shown.',
  },
  forbidden: { es: 'No tiene permiso para hacer esto.', en: 'You are not allowed to do this.' },
  payloadTooLarge: { es: 'La solicitud es demasiado grande.', en: 'The request is too large.' },
  unsupportedMediaType: { es: 'El tipo de contenido no es aceptado.', en: 'The content type is not accepted.' },
  notFound: { es: 'No se encontró lo que busca.', en: 'What you are looking for was not found.' },
  tooManyRequests: {
    es: 'Demasiadas solicitudes. Espere un momento e intente de nuevo.',
    en: 'Too many requests. Wait a moment and try again.',
  },
  tooManyAttempts: {
    es: 'Demasiados intentos. Intente de nuevo en {minutes} min.',
    en: 'Too many attempts. Try again in {minutes} min.',
  },
  serviceUnavailable: {
    es: 'El servicio no está disponible en este momento. Intente de nuevo en unos minutos.',
    en: 'The service is not available right now. Try again in a few minutes.',
  },
  // Limits of one GraphQL request (QUERY_LIMITS)
  queryTooLarge: {
    es: 'La consulta es demasiado larga (más de {max} elementos).',
    en: 'The query is too long (more than {max} tokens).',
  },
  queryTooDeep: {
    es: 'La consulta tiene {found} niveles; se permiten como máximo {max}.',
    en: 'The query is {found} levels deep; at most {max} are allowed.',
  },
  tooManyAliases: {
    es: 'La consulta usa demasiados alias; se permiten como máximo {max}.',
    en: 'The query uses too many aliases; at most {max} are allowed.',
  },
  tooManyDirectives: {
    es: 'La consulta usa demasiadas directivas; se permiten como máximo {max}.',
    en: 'The query uses too many directives; at most {max} are allowed.',
  },
  batchNotAllowed: {
    es: 'Envíe una sola operación por solicitud.',
    en: 'Send one operation per request.',
  },
  queryTooCostly: {
    es: 'La consulta pide demasiado de una vez; divídala en consultas más pequeñas.',
    en: 'The query asks for too much at once; split it into smaller queries.',
  },
  reviewFormAlert: {
    es: 'Por favor revise los campos anteriores y corrija los errores para continuar.',
    en: 'Please review the fields above and fix the errors to continue.',
  },
  // Page sizes of the API's lists (issue 18: MAX_PAGE_SIZE of pages.ts)
  // Keyset pagination (issue 30): a list's `after` cursor
  invalidCursor: {
    es: 'El cursor de página no es válido; pida la página por su número.',
    en: 'The page cursor is not valid; ask for the page by its number.',
  },
  invalidPageSize: { es: 'El tamaño de página debe ser un número entero de 1 a 50.', en: 'The page size must be a whole number from 1 to 50.' },
  invalidRequestId: {
    es: 'El identificador de la solicitud debe tener de 1 a 100 caracteres.',
    en: 'The request identifier must have 1 to 100 characters.',
  },
  // A value of the wrong kind in an API request, named by its field (issue 32 item 7)
  invalidChoice: { es: 'Elija uno de estos valores: {values}.', en: 'Choose one of these values: {values}.' },
  mustBeWholeNumber: { es: 'El valor debe ser un número entero.', en: 'Value must be a whole number.' },
  mustBeText: { es: 'El valor debe ser un texto.', en: 'Value must be text.' },
  mustBeTrueOrFalse: { es: 'El valor debe ser true o false.', en: 'Value must be true or false.' },
  mustBeObject: { es: 'El valor debe ser un objeto con sus campos.', en: 'Value must be an object with its fields.' },
  unknownField: { es: 'Este campo no existe aquí; quítelo.', en: 'There is no such field here; leave it out.' },
  invalidValue: { es: 'Este valor no es válido.', en: 'This value is not valid.' },
  // REST facade arguments (issue 18)
  invalidDateArgument: {
    es: '{name}: ingrese una fecha como aaaa-MM-dd (2026-03-31) o dd-MM-aaaa (31-03-2026).',
    en: '{name}: enter a date as yyyy-MM-dd (2026-03-31) or dd-MM-yyyy (31-03-2026).',
  },
} as const satisfies Record<string, Label>;
