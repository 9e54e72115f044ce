import type { Label } from '../label';

/** Search: the search form and its filters, saved searches and alerts. */
export const SEARCH_MESSAGES = {
  // Issue 19: the "good price or better" search filter.
  invalidGoodPriceFilter: { es: 'El filtro de buen precio debe ser sí o no.', en: 'The good-price filter must be yes or no.' },
  // Search (search service, advanced search form, REST advanceSearch)
  invalidSearchText: {
    es: 'La búsqueda puede tener como máximo {max} caracteres.',
    en: 'The search can have at most {max} characters.',
  },
  invalidPriceRange: {
    es: 'Ingrese precios de 0 o más, con el mínimo menor o igual al máximo.',
    en: 'Enter prices of 0 or more, with the minimum at most the maximum.',
  },
  invalidYearRange: {
    es: 'Ingrese años de 1900 a {maxYear}, con el inicial menor o igual al final.',
    en: 'Enter years from 1900 to {maxYear}, with the first at most the last.',
  },
  invalidMileageMax: { es: 'Ingrese un kilometraje máximo de 0 o más.', en: 'Enter a maximum mileage of 0 or more.' },
  invalidMotorSizeRange: {
    es: 'Ingrese cilindradas de 0 a 20.000 c.c., con la mínima menor o igual a la máxima.',
    en: 'Enter engine sizes from 0 to 20,000 cc, with the minimum at most the maximum.',
  },
  invalidPageNumber: { es: 'La página debe ser un número entero desde 1.', en: 'The page must be a whole number from 1.' },
  // Saved searches and alerts (issue 19)
  invalidSavedSearchName: {
    es: 'Dele un nombre a la búsqueda (de 1 a 60 caracteres).',
    en: 'Give the search a name (1 to 60 characters).',
  },
  invalidAlertFrequency: {
    es: 'Elija cuándo avisarle: al instante o un resumen diario.',
    en: 'Choose when to alert you: instantly or in a daily digest.',
  },
  savedSearchesFull: {
    es: 'Puede guardar como máximo {max} búsquedas.',
    en: 'You can save at most {max} searches.',
  },
  savedSearchNotFound: {
    es: 'Esa búsqueda guardada no existe o no es suya.',
    en: 'That saved search does not exist or is not yours.',
  },
  alertUnsubscribed: {
    es: 'Listo: ya no recibirá esas alertas. Puede reactivarlas en Mis alertas.',
    en: 'Done: you will no longer receive those alerts. You can turn them back on in My alerts.',
  },
  invalidUnsubscribeToken: {
    es: 'El enlace para cancelar la alerta no es válido.',
    en: 'The link to cancel the alert is not valid.',
  },
} as const satisfies Record<string, Label>;
