import type { Label } from '../label';

/** Billing: invoice data, plans and global parameters, checkout, payments, transfers, refunds, receipts. */
export const BILLING_MESSAGES = {
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
    es:
      'Un pago por SINPE Móvil de este anuncio espera la aprobación del proveedor. ' +
      'Espere su confirmación antes de cambiar el nivel o la aprobación inmediata.',
    en: "A SINPE Móvil payment of this ad is awaiting the provider's approval. Wait for its confirmation before changing the level or quick approval.",
  },
  refundInProgress: {
    es: 'Este reembolso ya se está procesando con el proveedor de pagos.',
    en: 'This refund is already being processed with the payment provider.',
  },
  invalidDateRange: {
    es: 'Ingrese fechas con formato aaaa-MM-dd, la inicial menor o igual a la final.',
    en: 'Enter dates as yyyy-MM-dd, the start on or before the end.',
  },
  // What the payment page says is being paid (billing's checkout)
  checkoutDescriptionAd: { es: 'Ruedas: anuncio {level} (factura {invoice})', en: 'Ruedas: {level} ad (invoice {invoice})' },
  checkoutDescriptionQuickApproval: {
    es: 'Ruedas: aprobación inmediata de un anuncio (factura {invoice})',
    en: 'Ruedas: immediate approval of an ad (invoice {invoice})',
  },
  checkoutDescriptionPlan: {
    es: 'Ruedas: plan {level} de {quantity} anuncios (factura {invoice})',
    en: 'Ruedas: {level} plan of {quantity} ads (invoice {invoice})',
  },
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
} as const satisfies Record<string, Label>;
