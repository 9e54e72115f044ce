import { useTranslation } from '../i18n/react';

/**
 * The texts of the alert screens (the save dialog, /alerts, /unsubscribe), added to the translator when
 * one of them loads: only "Save search" is in the catalogues every page carries (es.json, en.json),
 * so the public results page stays within its first-load budget (decision 0064).
 */
export const alertMessages = {
  es: {
    title: 'Mis alertas',
    paused: 'En pausa',
    frequency: {
      label: 'Avisarme',
      INSTANT: 'Al instante',
      DAILY: 'Resumen diario',
    },
    save: {
      title: 'Guardar esta búsqueda',
      name: 'Nombre',
      submit: 'Guardar',
      cancel: 'Cancelar',
      close: 'Cerrar',
      done: 'Búsqueda «{{name}}» guardada. Le avisaremos por correo cuando aparezcan anuncios nuevos.',
      manage: 'Ver mis alertas',
    },
    searches: {
      title: 'Búsquedas guardadas',
      empty: 'Aún no ha guardado búsquedas.',
      search: 'Buscar carros',
      everything: 'Todos los anuncios',
      sent_one: '{{count}} alerta enviada',
      sent_other: '{{count}} alertas enviadas',
      active: 'Alertas activas',
      results: 'Ver resultados',
      delete: 'Eliminar',
      deleteNamed: 'Eliminar la búsqueda «{{name}}»',
    },
    favourites: {
      title: 'Alertas de favoritos',
      intro: 'Reciba un correo cuando un favorito baje de precio o se venda.',
      all: 'Avisarme de todos mis favoritos',
      pause: 'Pausar las alertas de favoritos',
      one: 'Avisarme de {{title}}',
      none: 'No tiene favoritos todavía.',
    },
    unsubscribe: {
      title: 'Cancelar alertas',
      question: '¿Quiere dejar de recibir estas alertas por correo? Puede reactivarlas luego en Mis alertas.',
      confirm: 'Sí, cancelar las alertas',
      failed: 'No se pudo cancelar. Inténtelo de nuevo.',
    },
  },
  en: {
    title: 'My alerts',
    paused: 'Paused',
    frequency: {
      label: 'Alert me',
      INSTANT: 'Instantly',
      DAILY: 'Daily digest',
    },
    save: {
      title: 'Save this search',
      name: 'Name',
      submit: 'Save',
      cancel: 'Cancel',
      close: 'Close',
      done: 'Search "{{name}}" saved. We will e-mail you when new ads appear.',
      manage: 'See my alerts',
    },
    searches: {
      title: 'Saved searches',
      empty: 'You have not saved any search yet.',
      search: 'Search cars',
      everything: 'Every ad',
      sent_one: '{{count}} alert sent',
      sent_other: '{{count}} alerts sent',
      active: 'Alerts on',
      results: 'See results',
      delete: 'Delete',
      deleteNamed: 'Delete the search "{{name}}"',
    },
    favourites: {
      title: 'Favourite alerts',
      intro: 'Get an e-mail when a favourite drops its price or is sold.',
      all: 'Alert me about all my favourites',
      pause: 'Pause favourite alerts',
      one: 'Alert me about {{title}}',
      none: 'You have no favourites yet.',
    },
    unsubscribe: {
      title: 'Cancel alerts',
      question: 'Do you want to stop receiving these alerts by e-mail? You can turn them back on later in My alerts.',
      confirm: 'Yes, cancel the alerts',
      failed: 'It could not be cancelled. Try again.',
    },
  },
} as const;

/** Adds the alert texts to the running translator (once; the catalogues' own keys win). */
export function useAlertMessages() {
  const translation = useTranslation();
  const { i18n } = translation;
  for (const language of ['es', 'en'] as const) {
    // Asked of each language's own texts (a translation would answer from the fallback language).
    if (!i18n.has(language, 'alerts.title')) i18n.addTexts(language, { alerts: alertMessages[language] }, false);
  }
  return translation;
}
