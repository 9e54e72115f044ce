import type { Label } from '../label';

/** Moderation: the review queue, complaints, contact analytics and its mails to owners. */
export const MODERATION_MESSAGES = {
  invalidReason: {
    es: 'Indique el motivo del reporte (máximo 500 caracteres).',
    en: 'Give the reason for the report (at most 500 characters).',
  },
  invalidComplaintCategory: { es: 'Elija un motivo del reporte.', en: 'Choose a reason for the report.' },
  invalidComplaintOutcome: { es: 'Elija qué se hizo con el reporte.', en: 'Choose what was done about the report.' },
  // Moderation (review queue, complaints, contact analytics) and its mails to owners
  complaintAlreadyOpen: {
    es: 'Usted ya reportó este anuncio; un administrador lo revisará pronto.',
    en: 'You have already reported this ad; an administrator will review it soon.',
  },
  complaintAlreadyResolved: { es: 'Este reporte ya fue resuelto.', en: 'This report has already been resolved.' },
  opportunityNotInReview: {
    es: 'Este anuncio no está esperando revisión.',
    en: 'This ad is not waiting for review.',
  },
  // Issue 28: a decision about an ad either applies to what the administrator saw, or is refused in words.
  opportunityChangedSinceReview: {
    es: 'El vendedor cambió este anuncio después de que usted lo abrió: revíselo de nuevo.',
    en: 'The seller changed this ad after you opened it: review it again.',
  },
  invalidAdVersion: { es: 'La versión del anuncio no es válida.', en: 'The ad version is not valid.' },
  reviewDecisionExpired: {
    es: 'Su decisión llegó tarde y no se aplicó: abra el anuncio y decida de nuevo.',
    en: 'Your decision arrived too late and was not applied: open the ad and decide again.',
  },
  reviewDecisionUnconfirmed: {
    es: 'Su decisión no se confirmó a tiempo: abra el anuncio para ver si se aplicó antes de decidir de nuevo.',
    en: 'Your decision was not confirmed in time: open the ad to see whether it applied before deciding again.',
  },
  invalidRejectionReason: {
    es: 'Indique el motivo del rechazo (máximo 500 caracteres).',
    en: 'Give the reason for the rejection (at most 500 characters).',
  },
  invalidClickType: { es: 'Tipo de clic desconocido.', en: 'Unknown click type.' },
  reviewApprovedSubject: { es: 'Su anuncio de Ruedas fue aprobado', en: 'Your Ruedas ad was approved' },
  reviewApprovedBody: {
    es: 'Su anuncio «{car}» fue aprobado y ya está publicado.',
    en: 'Your ad "{car}" was approved and is now published.',
  },
  reviewRejectedSubject: { es: 'Su anuncio de Ruedas fue rechazado', en: 'Your Ruedas ad was rejected' },
  reviewRejectedBody: {
    es: 'Su anuncio «{car}» fue rechazado por este motivo:\n\n{reason}\n\nPuede corregirlo y guardarlo de nuevo para que sea revisado otra vez.',
    en: 'Your ad "{car}" was rejected for this reason:\n\n{reason}\n\nYou can correct it and save it again to have it reviewed once more.',
  },
  adHeldSubject: { es: 'Su anuncio de Ruedas espera una revisión', en: 'Your Ruedas ad is waiting for a review' },
  adHeldBody: {
    es: 'Su anuncio «{car}» salió de las listas públicas mientras un administrador lo revisa, porque varias personas lo reportaron o tiene señales de riesgo.\n\nYa está en la cola de revisión: no tiene que hacer nada para pedir la revisión, y le escribiremos con la decisión. Si algo del anuncio no es correcto, corríjalo en Mis anuncios ({link}); se revisará con sus cambios.',
    en: 'Your ad "{car}" left the public lists while an administrator reviews it, because several people reported it or it shows risk signals.\n\nIt is already in the review queue: you need not do anything to ask for the review, and we will write to you with the decision. If something in the ad is not right, correct it in My ads ({link}); it will be reviewed with your changes.',
  },
  reviewMailLink: { es: 'Puede verlo aquí: {link}', en: 'You can see it here: {link}' },
} as const satisfies Record<string, Label>;
