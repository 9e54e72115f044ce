import type { Locale } from './enums';
import type { Label } from './label';
import { ruleValues } from './message-values';
import { API_VALUE_MESSAGES } from './messages-api-values';

/**
 * Every message key of the product (validation messages, error-code messages, outcomes) in both
 * languages. Keys are what zod issues carry; `{name}` placeholders are filled by `translate`.
 */
const CATALOGUE = {
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

  // Accounts
  invalidUserType: { es: 'Seleccione el tipo de usuario.', en: 'Select the type of user.' },
  invalidNameUser: {
    es: 'Ingrese un nombre válido: solo letras, al menos 2.',
    en: 'Enter a valid name: letters only, at least 2.',
  },
  invalidLastNameUser: {
    es: 'Ingrese un primer apellido válido: solo letras, al menos 2.',
    en: 'Enter a valid last name: letters only, at least 2.',
  },
  invalidLastName2User: {
    es: 'Ingrese un segundo apellido válido: solo letras, al menos 2.',
    en: 'Enter a valid second last name: letters only, at least 2.',
  },
  invalidMerchantNameUser: {
    es: 'Ingrese el nombre del comercio: al menos 2 caracteres.',
    en: 'Enter the business name: at least 2 characters.',
  },
  emailTaken: {
    es: 'Ya existe una cuenta con este correo electrónico.',
    en: 'An account with this e-mail already exists.',
  },
  invalidCaptcha: {
    es: 'No pudimos verificar que usted no es un robot. Intente de nuevo.',
    en: 'We could not verify that you are not a robot. Please try again.',
  },
  invalidEmail: {
    es: 'Ingrese un correo electrónico válido (máximo 64 caracteres).',
    en: 'Enter a valid email address (at most 64 characters).',
  },
  invalidPassword: {
    es: 'La contraseña debe tener de 8 a 64 caracteres, sin espacios al inicio ni al final.',
    en: 'The password must have 8 to 64 characters, with no space at the start or end.',
  },
  weakPassword: {
    es: 'La contraseña es demasiado débil o muy común. Combine mayúsculas, minúsculas, números y símbolos, o use una frase más larga.',
    en: 'The password is too weak or too common. Mix upper and lower case, digits and symbols, or use a longer phrase.',
  },
  invalidPasswordConfirm: { es: 'Las contraseñas no coinciden.', en: 'Passwords do not match.' },
  samePassword: {
    es: 'La nueva contraseña debe ser diferente de la actual.',
    en: 'The new password must differ from the current one.',
  },
  agreementNotChecked: {
    es: 'Debe declarar que los datos ingresados son verdaderos.',
    en: 'You must declare that the information entered is true.',
  },
  invalidPhone: {
    es: 'Ingrese un teléfono válido de 8 dígitos (por ejemplo 8888-8888).',
    en: 'Enter a valid 8-digit phone number (for example 8888-8888).',
  },
  invalidPhoneType: { es: 'Seleccione el tipo de teléfono.', en: 'Select the type of phone.' },
  atLeastOnePhone: { es: 'Ingrese al menos un teléfono.', en: 'Enter at least one phone number.' },
  tooManyPhones: { es: 'Puede ingresar como máximo 5 teléfonos.', en: 'You can enter at most 5 phone numbers.' },
  invalidProvince: { es: 'Seleccione la provincia.', en: 'Select the province.' },
  invalidCanton: { es: 'Seleccione un cantón de la provincia.', en: 'Select a canton of the province.' },
  // Issue 19: the "good price or better" search filter.
  invalidGoodPriceFilter: { es: 'El filtro de buen precio debe ser sí o no.', en: 'The good-price filter must be yes or no.' },
  invalidDistrict: { es: 'Seleccione un distrito del cantón.', en: 'Select a district of the canton.' },
  invalidLanguage: { es: 'Seleccione el idioma.', en: 'Select the language.' },
  invalidRole: { es: 'Seleccione el rol.', en: 'Select the role.' },
  invalidUserStatus: { es: 'Seleccione el estado del usuario.', en: 'Select the status of the user.' },
  invalidIdType: { es: 'Seleccione el tipo de identificación.', en: 'Select the type of identification.' },
  invalidIdentification: {
    es: 'Ingrese una identificación válida: letras y números, máximo 32.',
    en: 'Enter a valid identification: letters and digits, at most 32.',
  },
  invalidPromotionalAds: {
    es: 'El número de anuncios promocionales debe ser un número entero de 0 o más.',
    en: 'The number of promotional ads must be a whole number of 0 or more.',
  },
  promotionalAdsAboveMaximum: {
    es: 'El número de anuncios promocionales puede ser como máximo {maximum}.',
    en: 'The number of promotional ads can be at most {maximum}.',
  },
  invalidStaffAction: { es: 'Seleccione una acción de la lista.', en: 'Select an action from the list.' },
  impersonatorStatusNotAllowed: {
    es: 'Un impersonalizador solo puede desbloquear una cuenta bloqueada (estado activo).',
    en: 'An impersonator may only unblock a blocked account (status active).',
  },

  // Ads
  invalidBrand: { es: 'Seleccione la marca.', en: 'Select the brand.' },
  invalidModel: {
    es: 'Ingrese un modelo válido (máximo 60 caracteres).',
    en: 'Enter a valid model (at most 60 characters).',
  },
  invalidYear: { es: 'Ingrese un año de 1900 a {maxYear}.', en: 'Enter a year from 1900 to {maxYear}.' },
  invalidStyle: { es: 'Seleccione el estilo.', en: 'Select the style.' },
  invalidFuelType: { es: 'Seleccione el combustible.', en: 'Select the fuel type.' },
  invalidTransmissionType: { es: 'Seleccione la transmisión.', en: 'Select the transmission.' },
  invalidStatus: { es: 'Seleccione el estado.', en: 'Select the status.' },
  invalidLevel: { es: 'Seleccione el plan del anuncio.', en: 'Select the plan of the ad.' },
  invalidCurrency: { es: 'Seleccione la moneda.', en: 'Select the currency.' },
  invalidPrice: {
    es: 'Ingrese un precio mayor que 0, con hasta 2 decimales.',
    en: 'Enter a price greater than 0, with up to 2 decimals.',
  },
  invalidTransferPrice: {
    es: 'Ingrese un monto de traspaso de 0 o más, con hasta 2 decimales.',
    en: 'Enter a transfer cost of 0 or more, with up to 2 decimals.',
  },
  invalidMotorSizeCC: {
    es: 'Ingrese la cilindrada en c.c. (45 o más), o déjela en blanco.',
    en: 'Enter the engine size in cc (45 or more), or leave it blank.',
  },
  invalidMileage: { es: 'Ingrese un kilometraje de 0 a 1.000.000.', en: 'Enter a mileage from 0 to 1,000,000.' },
  invalidMileageUnit: { es: 'Seleccione kilómetros o millas.', en: 'Select kilometres or miles.' },
  invalidExteriorColor: {
    es: 'Ingrese el color exterior: letras, números, guiones y espacios, máximo 40.',
    en: 'Enter the exterior colour: letters, digits, hyphens and spaces, at most 40.',
  },
  invalidInteriorColor: {
    es: 'Ingrese el color interior: letras, números, guiones y espacios, máximo 40.',
    en: 'Enter the interior colour: letters, digits, hyphens and spaces, at most 40.',
  },
  invalidCarIdNumber: {
    es: 'La placa debe tener solo letras y números, máximo 10.',
    en: 'The plate must have letters and digits only, at most 10.',
  },
  invalidPassengersNumber: { es: 'Seleccione el número de pasajeros.', en: 'Select the number of passengers.' },
  invalidKnownDamage: {
    es: 'Describa los daños conocidos en menos de 160 caracteres.',
    en: 'Describe the known damage in fewer than 160 characters.',
  },
  invalidCustomMessage: {
    es: 'El mensaje personalizado puede tener como máximo 56 caracteres.',
    en: 'The custom message can have at most 56 characters.',
  },
  invalidExtra: { es: 'Hay un extra desconocido.', en: 'There is an unknown extra.' },
  // Photos (the media service names the refused file)
  invalidImageType: {
    es: '«{file}» no es una imagen JPG o PNG.',
    en: '"{file}" is not a JPG or PNG image.',
  },
  imageTooLarge: {
    es: '«{file}» pesa más de {maxMb} MB.',
    en: '"{file}" is larger than {maxMb} MB.',
  },
  imageTooManyPixels: {
    es: '«{file}» tiene demasiados píxeles: como máximo {maxMegapixels} megapíxeles.',
    en: '"{file}" has too many pixels: at most {maxMegapixels} megapixels.',
  },
  tooManyFiles: {
    es: 'Puede subir como máximo {maxFiles} fotos a la vez.',
    en: 'You can upload at most {maxFiles} photos at a time.',
  },
  noImages: { es: 'Adjunte al menos una foto JPG o PNG.', en: 'Attach at least one JPG or PNG photo.' },
  tooManyPhotos: {
    es: 'Este plan permite como máximo {maxPhotos} fotos.',
    en: 'This plan allows at most {maxPhotos} photos.',
  },
  photoNotOwned: {
    es: 'Una de las fotos no es suya o ya no existe. Vuelva a subirla.',
    en: 'One of the photos is not yours or no longer exists. Upload it again.',
  },
  // Ads: status changes and favourites (listings service)
  statusChangeNotAllowed: {
    es: 'El anuncio no puede pasar a ese estado.',
    en: 'The ad cannot move to that status.',
  },
  favouriteNotPublic: {
    es: 'Solo los anuncios publicados pueden agregarse a favoritos.',
    en: 'Only published ads can be added to favourites.',
  },
  favouritesFull: {
    es: 'Puede tener como máximo {max} favoritos.',
    en: 'You can keep at most {max} favourites.',
  },
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
  invalidTermsAndConditions: {
    es: 'Por favor acepte los términos y condiciones.',
    en: 'Please accept the terms and conditions.',
  },
  opportunityReviewAlert: {
    es: 'Por favor revise los datos del vehículo en el paso 1 y corrija los errores.',
    en: 'Please review the vehicle details in step 1 and fix the errors.',
  },
  invalidReason: {
    es: 'Indique el motivo del reporte (máximo 500 caracteres).',
    en: 'Give the reason for the report (at most 500 characters).',
  },

  // Invoice
  invalidName: {
    es: 'Ingrese un nombre válido: letras, números y espacios, máximo 128.',
    en: 'Enter a valid name: letters, digits and spaces, at most 128.',
  },
  invalidAddress: { es: 'Ingrese una dirección de máximo 128 caracteres.', en: 'Enter an address of at most 128 characters.' },
  invalidPaymentMethod: { es: 'Seleccione la forma de pago.', en: 'Select the payment method.' },

  // Plans and parameters
  invalidPlanLevel: { es: 'Seleccione el nivel del plan.', en: 'Select the level of the plan.' },
  planQuantityBelowMinimum: {
    es: 'La cantidad de anuncios debe ser al menos {minimum}.',
    en: 'The number of listings must be at least {minimum}.',
  },
  planQuantityAboveMaximum: {
    es: 'La cantidad de anuncios puede ser como máximo {maximum}.',
    en: 'The number of listings can be at most {maximum}.',
  },
  invalidParameterValue: {
    es: 'Ingrese un valor entre {min} y {max}.',
    en: 'Enter a value between {min} and {max}.',
  },
  unknownParameter: { es: 'Parámetro desconocido.', en: 'Unknown parameter.' },
  invalidParameterCount: { es: 'Ingrese un número entero de 1 a 100.', en: 'Enter a whole number from 1 to 100.' },
  invalidParameterAmount: {
    es: 'Ingrese un monto de 0 o más, con hasta 2 decimales.',
    en: 'Enter an amount of 0 or more, with at most 2 decimals.',
  },
  invalidExchangeRate: {
    es: 'Ingrese un tipo de cambio de 1 a 100.000 colones por dólar, con hasta 2 decimales.',
    en: 'Enter an exchange rate of 1 to 100,000 colones per dollar, with at most 2 decimals.',
  },

  // Error codes (see errors.ts) and outcomes
  incorrectCredentials: { es: 'Correo electrónico o contraseña incorrectos.', en: 'Incorrect email or password.' },
  accountNotConfirmed: { es: 'Su cuenta no ha sido confirmada.', en: 'Your account has not been confirmed.' },
  sessionInvalid: {
    es: 'Su sesión ha vencido o no es válida. Por favor inicie sesión de nuevo.',
    en: 'Your session has expired or is not valid. Please sign in again.',
  },
  invalidConfirmationLink: { es: 'El enlace de confirmación no es válido.', en: 'The confirmation link is not valid.' },
  accountLocked: {
    es: 'Su cuenta fue bloqueada por intentos fallidos. Intente de nuevo en {minutes} minutos o restablezca su contraseña.',
    en: 'Your account was locked after failed attempts. Try again in {minutes} minutes or reset your password.',
  },
  resetLinkInvalid: {
    es: 'El enlace no es válido o ya fue utilizado.',
    en: 'The link is not valid or has already been used.',
  },
  registrationAttemptSubject: {
    es: 'Alguien intentó registrarse en Ruedas con su correo',
    en: 'Someone tried to register with Ruedas using your e-mail',
  },
  registrationAttemptBody: {
    es: 'Alguien intentó crear una cuenta de Ruedas con este correo electrónico, que ya tiene una cuenta. No se creó ninguna cuenta nueva.\n\nSi fue usted, puede iniciar sesión o, si olvidó su contraseña, restablecerla aquí: {link}\n\nSi no fue usted, ignore este mensaje: su cuenta no cambia.',
    en: 'Someone tried to create a Ruedas account with this e-mail address, which already has one. No new account was created.\n\nIf it was you, sign in or, if you forgot your password, reset it here: {link}\n\nIf it was not you, ignore this message: your account stays the same.',
  },
  resetRequestSent: {
    es: 'Si existe una cuenta con ese correo, le enviamos un mensaje con las instrucciones.',
    en: 'If an account exists for that email, we have sent a message with the instructions.',
  },
  reportRegistered: {
    es: 'Su reporte ha sido registrado. ¡Gracias!',
    en: 'Your report has been registered. Thank you!',
  },
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
  // Page sizes of the API's lists (issue 18: MAX_PAGE_SIZE of pages.ts)
  invalidPageSize: { es: 'El tamaño de página debe ser un número entero de 1 a 50.', en: 'The page size must be a whole number from 1 to 50.' },
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
  reviewMailLink: { es: 'Puede verlo aquí: {link}', en: 'You can see it here: {link}' },
  // Billing (checkout, payments, transfers, refunds, purchases report)
  opportunityNotPayable: {
    es: 'Este anuncio no tiene un pago pendiente.',
    en: 'This ad has no payment pending.',
  },
  invoiceNotPayable: {
    es: 'Esta factura ya no se puede pagar.',
    en: 'This invoice can no longer be paid.',
  },
  paymentResponseInvalid: {
    es: 'La respuesta del pago no es válida. No se cobró nada.',
    en: 'The payment response is not valid. Nothing was charged.',
  },
  paymentResponseExpired: {
    es: 'La respuesta del pago venció. Consulte sus facturas antes de intentar de nuevo.',
    en: 'The payment response has expired. Check your invoices before trying again.',
  },
  paymentResponseReused: {
    es: 'Esta respuesta de pago pertenece a otra factura.',
    en: 'This payment response belongs to another invoice.',
  },
  invalidRefnum: {
    es: 'Ingrese el número de referencia de la transferencia (4 a 32 letras o dígitos).',
    en: 'Enter the reference number of the transfer (4 to 32 letters or digits).',
  },
  transferNotPending: {
    es: 'Esta factura no tiene una transferencia por confirmar.',
    en: 'This invoice has no transfer waiting for confirmation.',
  },
  paymentNotCancellable: {
    es: 'Este pago ya no se puede cancelar: el plazo es de 1 día después del pago.',
    en: 'This payment can no longer be cancelled: the limit is 1 day after payment.',
  },
  refundAlreadyDone: { es: 'Este reembolso ya se realizó.', en: 'This refund was already carried out.' },
  paymentWebhookInvalid: {
    es: 'La notificación de pago no es válida. No se cambió nada.',
    en: 'The payment notification is not valid. Nothing was changed.',
  },
  paymentProviderUnavailable: {
    es: 'El proveedor de pagos no respondió. No se cobró ni se cambió nada; intente de nuevo en unos minutos.',
    en: 'The payment provider did not answer. Nothing was charged or changed; try again in a few minutes.',
  },
  paymentProviderRefused: {
    es: 'El proveedor de pagos rechazó la operación. No se cambió nada.',
    en: 'The payment provider refused the operation. Nothing was changed.',
  },
  paymentDeferred: {
    es: 'Un pago por SINPE Móvil de este anuncio espera la aprobación del proveedor. Espere su confirmación antes de cambiar el nivel o la aprobación inmediata.',
    en: 'A SINPE Móvil payment of this ad is awaiting the provider\'s approval. Wait for its confirmation before changing the level or quick approval.',
  },
  refundInProgress: {
    es: 'Este reembolso ya se está procesando con el proveedor de pagos.',
    en: 'This refund is already being processed with the payment provider.',
  },
  invalidDateRange: {
    es: 'Ingrese fechas con formato aaaa-MM-dd, la inicial menor o igual a la final.',
    en: 'Enter dates as yyyy-MM-dd, the start on or before the end.',
  },
  // The seller's description of an ad (issue 13)
  invalidDescription: {
    es: 'La descripción puede tener hasta {max} caracteres.',
    en: 'The description may have up to {max} characters.',
  },
  invalidParameterLength: {
    es: 'Ingrese un número entero de 100 a 5000 caracteres.',
    en: 'Enter a whole number from 100 to 5,000 characters.',
  },
  // Seller insights (issue 20)
  invalidInsightDays: { es: 'Elija un período de 1 a {max} días.', en: 'Choose a period of 1 to {max} days.' },
  // The financing calculator (ad page)
  invalidDownPayment: { es: 'La prima debe estar entre 0 y el precio del carro.', en: 'The down payment must be between 0 and the price of the car.' },
  invalidLoanTerm: { es: 'Elija un plazo de 12 a 96 meses.', en: 'Choose a term of 12 to 96 months.' },
  invalidInterestRate: { es: 'La tasa de interés anual debe estar entre 0 % y 40 %.', en: 'The yearly interest rate must be between 0% and 40%.' },
  // Typed prices (the ad wizard)
  ambiguousPrice: {
    es: 'Ese precio no es claro: escriba el monto completo (por ejemplo 6.500.000) o «6,5 millones».',
    en: 'That price is unclear: write the whole amount (e.g. 6,500,000) or “6.5 million”.',
  },
  invalidPriceText: {
    es: 'Escriba el precio en números, por ejemplo 6.500.000 o 6,5 millones.',
    en: 'Write the price in figures, e.g. 6,500,000 or 6.5 million.',
  },
  // What the payment page says is being paid (billing's checkout)
  checkoutDescriptionAd: { es: 'Ruedas: anuncio {level} (factura {invoice})', en: 'Ruedas: {level} ad (invoice {invoice})' },
  checkoutDescriptionQuickApproval: { es: 'Ruedas: aprobación inmediata de un anuncio (factura {invoice})', en: 'Ruedas: immediate approval of an ad (invoice {invoice})' },
  checkoutDescriptionPlan: { es: 'Ruedas: plan {level} de {quantity} anuncios (factura {invoice})', en: 'Ruedas: {level} plan of {quantity} ads (invoice {invoice})' },
  // The receipt mailed after a payment (billing)
  receiptSubject: { es: 'Recibo de su pago en Ruedas (factura {invoice})', en: 'Receipt for your Ruedas payment (invoice {invoice})' },
  receiptGreeting: { es: 'Hola {name}:', en: 'Hello {name},' },
  receiptIntro: { es: 'Recibimos su pago. Este es su recibo.', en: 'We received your payment. This is your receipt.' },
  receiptInvoiceNumber: { es: 'Factura N.º', en: 'Invoice no.' },
  receiptDate: { es: 'Fecha del pago', en: 'Payment date' },
  receiptItems: { es: 'Detalle', en: 'Items' },
  receiptItemAd: { es: 'Anuncio {level}: {car}', en: '{level} ad: {car}' },
  receiptItemQuickApproval: { es: 'Aprobación inmediata del anuncio: {car}', en: 'Immediate approval of the ad: {car}' },
  receiptItemPlan: { es: 'Plan {level}: {quantity} anuncios a {unit} cada uno', en: '{level} plan: {quantity} ads at {unit} each' },
  receiptTotal: { es: 'Total pagado', en: 'Total paid' },
  receiptMethod: { es: 'Medio de pago', en: 'Payment method' },
  receiptElectronicInvoice: { es: 'Datos para la factura electrónica', en: 'Electronic invoice details' },
  receiptIdentification: { es: 'Identificación', en: 'Identification' },
  receiptName: { es: 'Nombre', en: 'Name' },
  receiptAddress: { es: 'Dirección', en: 'Address' },
  receiptEmail: { es: 'Correo electrónico', en: 'E-mail' },
  receiptPhone: { es: 'Teléfono', en: 'Phone' },
  receiptElectronicInvoiceNote: {
    es: 'La factura electrónica se emitirá con estos datos.',
    en: 'The electronic invoice will be issued with these details.',
  },
  receiptNoElectronicInvoice: {
    es: 'No pidió factura electrónica para este pago.',
    en: 'You did not ask for an electronic invoice for this payment.',
  },
  receiptThanks: { es: 'Gracias por usar Ruedas.', en: 'Thank you for using Ruedas.' },
  // A dealer's address, hours and map place (issue 13)
  invalidDirections: { es: 'Escriba las señas (3 a 300 caracteres).', en: 'Write the directions (3 to 300 characters).' },
  invalidWeekday: { es: 'Cada día va una sola vez.', en: 'Each day goes only once.' },
  invalidOpeningTime: { es: 'Escriba la hora como HH:MM.', en: 'Write the time as HH:MM.' },
  closesBeforeOpens: { es: 'Debe cerrar después de abrir.', en: 'It must close after it opens.' },
  overlappingOpeningRanges: { es: 'El segundo horario debe empezar después del primero.', en: 'The second range must start after the first ends.' },
  tooManyOpeningRanges: { es: 'Máximo dos horarios por día.', en: 'At most two ranges a day.' },
  invalidCoordinates: { es: 'Indique latitud y longitud, p. ej. 9.9325, -84.0795.', en: 'Give latitude and longitude, e.g. 9.9325, -84.0795.' },
  coordinatesOutsideCostaRica: { es: 'Esa ubicación queda fuera de Costa Rica.', en: 'That place is outside Costa Rica.' },
  invalidMapLink: { es: 'El enlace es demasiado largo.', en: 'The link is too long.' },
  mapLinkWithoutCoordinates: {
    es: 'Ese enlace no trae coordenadas: pegue el enlace completo de Google Maps o Waze, o «latitud, longitud».',
    en: 'That link has no coordinates: paste the full Google Maps or Waze link, or “latitude, longitude”.',
  },
  dealerInfoForMerchantsOnly: { es: 'Solo un comerciante tiene dirección y horario de negocio.', en: 'Only a merchant has a business address and hours.' },
  invalidRequestId: {
    es: 'El identificador de la solicitud debe tener de 1 a 100 caracteres.',
    en: 'The request identifier must have 1 to 100 characters.',
  },
  // REST facade arguments (issue 18)
  invalidDateArgument: {
    es: '{name}: ingrese una fecha como aaaa-MM-dd (2026-03-31) o dd-MM-aaaa (31-03-2026).',
    en: '{name}: enter a date as yyyy-MM-dd (2026-03-31) or dd-MM-yyyy (31-03-2026).',
  },
  ...API_VALUE_MESSAGES,
} as const satisfies Record<string, Label>;

export type MessageKey = keyof typeof CATALOGUE;

export const MESSAGE_KEYS = Object.keys(CATALOGUE) as MessageKey[];

function catalogueIn(locale: Locale): Readonly<Record<MessageKey, string>> {
  return Object.fromEntries(MESSAGE_KEYS.map((key) => [key, CATALOGUE[key][locale]])) as Record<MessageKey, string>;
}

/** The catalogue per language, ready for i18n libraries: `{ es: {...}, en: {...} }`. */
export const messages: Readonly<Record<Locale, Readonly<Record<MessageKey, string>>>> = {
  es: catalogueIn('es'),
  en: catalogueIn('en'),
};

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(CATALOGUE, key);
}

export type MessageParams = Readonly<Record<string, string | number>>;

/**
 * The message in the locale with `{name}` placeholders filled: from `params`, else from the values
 * the domain's rules fix (`ruleValues`: the highest year, a limit); a placeholder without a value is
 * left as is.
 */
export function translate(key: MessageKey, locale: Locale, params: MessageParams = {}): string {
  const text = messages[locale][key];
  if (!text.includes('{')) return text;
  const values = { ...ruleValues(key), ...params };
  return text.replace(/\{(\w+)\}/g, (placeholder, name: string) => (name in values ? String(values[name]) : placeholder));
}
