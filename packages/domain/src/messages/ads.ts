import type { Label } from '../label';

/** Ads: the car's fields, photos, status changes and favourites, the wizard, the description, financing, typed prices, seller insights. */
export const AD_MESSAGES = {
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
  invalidTermsAndConditions: {
    es: 'Por favor acepte los términos y condiciones.',
    en: 'Please accept the terms and conditions.',
  },
  opportunityReviewAlert: {
    es: 'Por favor revise los datos del vehículo en el paso 1 y corrija los errores.',
    en: 'Please review the vehicle details in step 1 and fix the errors.',
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
} as const satisfies Record<string, Label>;
