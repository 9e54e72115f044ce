import type { Label } from '../label';

/** Accounts: registration and profile fields, sign-in and reset outcomes, a dealer's address and hours. */
export const ACCOUNT_MESSAGES = {
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
  userSearchTooBroad: {
    es: 'Demasiados usuarios coinciden con la búsqueda. Agregue más palabras o escríbalas más completas.',
    en: 'Too many users match the search. Add more words or type them more fully.',
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
    es:
      'Alguien intentó crear una cuenta de Ruedas con este correo electrónico, que ya tiene una cuenta. No se creó ninguna cuenta nueva.\n\n' +
      'Si fue usted, puede iniciar sesión o, si olvidó su contraseña, restablecerla aquí: {link}\n\n' +
      'Si no fue usted, ignore este mensaje: su cuenta no cambia.',
    en:
      'Someone tried to create a Ruedas account with this e-mail address, which already has one. No new account was created.\n\n' +
      'If it was you, sign in or, if you forgot your password, reset it here: {link}\n\n' +
      'If it was not you, ignore this message: your account stays the same.',
  },
  resetRequestSent: {
    es: 'Si existe una cuenta con ese correo, le enviamos un mensaje con las instrucciones.',
    en: 'If an account exists for that email, we have sent a message with the instructions.',
  },
  reportRegistered: {
    es: 'Su reporte ha sido registrado. ¡Gracias!',
    en: 'Your report has been registered. Thank you!',
  },
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
} as const satisfies Record<string, Label>;
