import type { Translator } from '../i18n/translator';

/**
 * The texts of a merchant's business-page form (issue 13), in both languages. Kept out of the main
 * catalogues (src/i18n/*.json), which every public page loads, because only this signed-in screen
 * uses them (decision 0047); added to the running translator when the form's chunk is used.
 */
export const DEALER_FORM_TEXT = {
  es: {
    title: 'Página de su negocio',
    intro: 'Los compradores ven la dirección, el horario y los enlaces de mapa en su página de vendedor.',
    directions: 'Señas (dirección exacta)',
    directionsPlaceholder: '200 m norte de la iglesia, edificio azul',
    hours: 'Horario por día (hora de Costa Rica)',
    open: 'Abierto el {{day}}',
    opens: 'Abre el {{day}}',
    closes: 'Cierra el {{day}}',
    opens2: 'Abre de nuevo el {{day}}',
    closes2: 'Cierra de nuevo el {{day}}',
    addRange: 'Agregar otro horario el {{day}}',
    removeRange: 'Quitar el segundo horario del {{day}}',
    copyWeekdays: 'Copiar el horario del lunes de martes a viernes',
    mapLink: 'Ubicación en el mapa (opcional)',
    mapLinkHint: 'Pegue el enlace de Google Maps o Waze de su negocio, o escriba «latitud, longitud».',
    coordinates: 'Coordenadas: {{latitude}}, {{longitude}}',
    closed: 'Cerrado',
    save: 'Guardar datos del negocio',
    saved: 'Datos del negocio guardados.',
    viewPage: 'Ver mi página de vendedor',
  },
  en: {
    title: 'Your business page',
    intro: 'Buyers see the address, the opening hours and the map links on your seller page.',
    directions: 'Directions (exact address)',
    directionsPlaceholder: '200 m north of the church, blue building',
    hours: 'Opening hours per day (Costa Rica time)',
    open: 'Open on {{day}}',
    opens: 'Opens on {{day}}',
    closes: 'Closes on {{day}}',
    opens2: 'Opens again on {{day}}',
    closes2: 'Closes again on {{day}}',
    addRange: 'Add another range on {{day}}',
    removeRange: 'Remove the second range on {{day}}',
    copyWeekdays: "Copy Monday's hours to Tuesday–Friday",
    mapLink: 'Place on the map (optional)',
    mapLinkHint: "Paste your business's Google Maps or Waze link, or write “latitude, longitude”.",
    coordinates: 'Coordinates: {{latitude}}, {{longitude}}',
    closed: 'Closed',
    save: 'Save business details',
    saved: 'Business details saved.',
    viewPage: 'View my seller page',
  },
} as const;

/** Adds the form's texts to `i18n` once (idempotent). */
export function ensureDealerFormText(i18n: Translator): void {
  for (const language of ['es', 'en'] as const) {
    if (!i18n.has(language, 'dealer.form.title')) i18n.addTexts(language, { dealer: { form: DEALER_FORM_TEXT[language] } }, false);
  }
}
