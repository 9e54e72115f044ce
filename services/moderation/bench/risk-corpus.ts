/**
 * The texts of the risk bench's corpus (issue 20). Honest descriptions are what sellers write on
 * Costa Rican car sites, including the words a careless rule would trip on (SINPE Móvil, prima,
 * depósito, transferencia, extranjero); scam texts ask for money before the car is seen, in many
 * phrasings, some of which the rules are not written for (they count as misses).
 */
export const HONEST_TEXTS = [
  'Único dueño, mantenimiento en agencia, marchamo y RTV al día.',
  'Acepto SINPE Móvil o transferencia al firmar el traspaso ante notario.',
  'Se recibe prima y el resto con financiamiento bancario. Puede verlo en Heredia.',
  'Se recibe carro de menor valor como parte de pago.',
  'Precio negociable después de verlo. Llantas nuevas, batería de 6 meses.',
  'Tiene un golpe leve en la puerta trasera, nada estructural. Revíselo con su mecánico.',
  'Depósito del radiador nuevo y frenos recién cambiados.',
  'Papeles al día, listo para traspaso. Solo interesados, no cambios.',
  'Lo vendo porque me voy a vivir fuera del país el próximo mes; se puede ver en Escazú.',
  'Llamar después de las 5 pm. Se puede probar con cita.',
  'Aire acondicionado, vidrios eléctricos, cámara de retroceso y sensores.',
  'Puede revisarlo en el taller de su confianza antes de comprar, sin compromiso.',
  'Pago en efectivo o cheque de gerencia al momento del traspaso.',
  'One owner, full service history, tax and inspection up to date.',
  'Price negotiable after you see the car. Trade-ins welcome.',
  'Can meet in San José for a test drive. Papers ready for the transfer.',
  'Bank financing available; the down payment can be discussed in person.',
  'Recently imported, all taxes paid, plates in my name.',
  'Motor 1.8, caja automática, consumo excelente. Interesados escribir por WhatsApp.',
  'Lo pueden ver en Cartago los fines de semana. Acepto transferencia SINPE al firmar.',
  'Cuenta con seguro al día y dispositivo de rastreo.',
  '',
];

export const SCAM_TEXTS = [
  'Estoy fuera del país por trabajo, le envío el carro con la transportista; primero deposite un adelanto.',
  'Para apartarlo necesito un adelanto de 200 mil colones por SINPE Móvil.',
  'Hacer el SINPE a nombre de mi primo, él le entrega el carro.',
  'Pago por Western Union, el carro está en Panamá y se lo envío.',
  'Deposite el 10% a mi cuenta para reservarlo, hay muchos interesados.',
  'Antes de verlo debe hacer una transferencia de garantía.',
  'Vivo en Estados Unidos, el pago es por MoneyGram y la agencia le entrega el carro.',
  'Reservation fee of $300 to hold the car, I am abroad at the moment.',
  'I am currently overseas. Send the deposit by Western Union and the shipping company delivers it.',
  'Pay first and the car will be shipped to you, papers by mail.',
  'Se aparta con 100 mil colones por SINPE, sin verlo no hay problema, es de confianza.',
  'Acepto pago con gift cards o bitcoin.',
  'Manda el adelanto y te lo llevo a tu casa.',
  'Mi esposa recibe el SINPE, a nombre de ella, y yo le entrego los papeles.',
  'Necesito un anticipo para sacarlo de aduana.',
  'Transfer the money before the viewing, otherwise I cannot hold it.',
  // Phrasings the rules do not name (honest misses).
  'Mande la plata primero y le mando las llaves con un mensajero.',
  'Necesito que me giren 150 mil para el traslado del vehículo desde Guanacaste.',
];
