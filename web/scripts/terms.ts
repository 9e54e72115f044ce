/**
 * The terms of use of Ruedas, in Spanish and English: the text of public/terms.pdf
 * (make-terms-pdf.ts lays it out). Durations and photo counts follow DECISIONS.md.
 */
export interface TermsSection {
  title: string;
  paragraphs: string[];
}

export interface Terms {
  title: string;
  updated: string;
  intro: string;
  sections: TermsSection[];
  pageLabel: string;
}

export const terms: Record<'es' | 'en', Terms> = {
  es: {
    title: 'Términos y condiciones de uso de Ruedas',
    updated: 'Vigentes desde el 22 de noviembre de 2026',
    pageLabel: 'Términos de uso · página',
    intro:
      'Estos términos regulan el uso de Ruedas, el sitio de anuncios clasificados de vehículos usados en Costa Rica. Al registrarse, publicar un ' +
      'anuncio o comprar un plan, usted acepta estos términos y la política de privacidad publicada en el sitio.',
    sections: [
      {
        title: '1. El servicio',
        paragraphs: [
          'Ruedas permite a personas y a agencias publicar anuncios de venta de vehículos usados, y a los visitantes buscarlos, guardarlos como ' +
            'favoritos, contactar al vendedor y reportar anuncios. Ruedas no es parte de la compraventa: no es dueña de los vehículos, no cobra comisión ' +
            'sobre la venta y no interviene en el pago del vehículo entre comprador y vendedor.',
        ],
      },
      {
        title: '2. Cuentas',
        paragraphs: [
          'Para publicar debe ser mayor de 18 años, registrarse con datos verdaderos y confirmar su cuenta con el enlace enviado a su correo. La cuenta ' +
            'puede ser de una persona física o de una agencia, que se muestra con su nombre comercial. Usted es responsable de mantener su contraseña en ' +
            'secreto y de todo lo que se haga con su cuenta.',
          'Después de varios intentos fallidos de ingreso seguidos, la cuenta se bloquea temporalmente; puede esperar o restablecer su contraseña.',
        ],
      },
      {
        title: '3. Qué se puede publicar',
        paragraphs: [
          '• Solo vehículos: carros, todoterrenos, pick-ups, vans, paneles y camiones livianos. No se aceptan repuestos, servicios, motocicletas ni ' +
            'otros artículos.',
          '• Un vehículo por anuncio. Para vender dos vehículos publique dos anuncios.',
          '• Solo venta. No se aceptan anuncios de alquiler, de búsqueda ("se compra"), de intercambio sin precio de venta ni de financiamiento.',
          '• El anuncio debe describir un vehículo real que usted tiene derecho a vender, con su precio real, fotografías del propio vehículo, su ' +
            'número de placa (que nunca se publica) y los daños que conozca.',
          '• Se prohíben los anuncios duplicados, engañosos, ofensivos o que incumplan la ley. Ruedas puede rechazar o retirar un anuncio que incumpla ' +
            'estas reglas, sin reembolso cuando el incumplimiento sea del anunciante.',
        ],
      },
      {
        title: '4. Niveles de anuncio',
        paragraphs: [
          'Cada anuncio tiene un nivel: Gratis, Bronce, Plata u Oro. El nivel define cuántas fotografías admite (Gratis 4, Bronce 8, Plata 12, Oro 20) ' +
            'y su visibilidad: los niveles más altos aparecen antes en los resultados y los anuncios Oro se destacan en la página de inicio como ' +
            '"Oportunidades de oro". Los precios de cada nivel se muestran en el sitio antes de pagar.',
          'Los planes prepagados son paquetes de anuncios de un mismo nivel. Un plan vale por un mes desde la compra; al vencer, los anuncios no usados ' +
            'se bloquean, y comprar un nuevo plan del mismo nivel los desbloquea y suma la nueva cantidad. Las cantidades mínima y máxima por compra se ' +
            'indican al comprar.',
        ],
      },
      {
        title: '5. Revisión y vida de los anuncios',
        paragraphs: [
          'Un anuncio gratis queda pendiente de aprobación hasta que un administrador lo revise, salvo que se pague la aprobación rápida. Un anuncio ' +
            'pagado, o cubierto por un plan, se publica en cuanto se completa el pago. Si edita un anuncio publicado, sigue visible con los cambios y ' +
            'vuelve a revisión.',
          'Un anuncio gratis está en línea 14 días y no se renueva. Un anuncio pagado está en línea 30 días y se renueva automáticamente una vez por ' +
            'otro período igual. Al vencer deja de mostrarse. Usted puede marcar su anuncio como vendido en cualquier momento; un anuncio vendido no ' +
            'vuelve a publicarse.',
        ],
      },
      {
        title: '6. Pagos, cancelación y reembolsos',
        paragraphs: [
          'Los pagos se hacen con tarjeta por medio del proveedor de pagos del sitio, en colones o en dólares según se indique, y generan una factura. ' +
            'Un anuncio pagado puede cancelarse dentro del día siguiente al pago; el reembolso queda registrado y un administrador lo tramita al mismo ' +
            'medio de pago. Pasado ese plazo no hay reembolso.',
        ],
      },
      {
        title: '7. Reportar anuncios',
        paragraphs: [
          'Cualquier visitante puede reportar un anuncio que considere falso, engañoso, duplicado, ya vendido o contrario a estas reglas con el enlace ' +
            '"Reportar anuncio" del detalle, indicando el motivo. Los administradores revisan cada reporte y pueden retirar el anuncio y suspender la ' +
            'cuenta del anunciante.',
        ],
      },
      {
        title: '8. Responsabilidad y recomendaciones',
        paragraphs: [
          'La información de cada anuncio es responsabilidad del anunciante; Ruedas no inspecciona los vehículos ni garantiza su estado. Antes de ' +
            'comprar, revise el vehículo en persona, consulte en el Registro Nacional que el vendedor sea el dueño y que no tenga gravámenes, verifique ' +
            'el marchamo y la revisión técnica vehicular, y no entregue dinero sin haber visto el vehículo y sus documentos.',
        ],
      },
      {
        title: '9. Datos personales',
        paragraphs: [
          'Ruedas trata sus datos según su política de privacidad y la Ley N.º 8968 de Costa Rica. El nombre del vendedor y sus teléfonos se muestran ' +
            'en sus anuncios; la placa solo la ven usted y los administradores.',
        ],
      },
      {
        title: '10. Cambios, ley aplicable y contacto',
        paragraphs: [
          'Ruedas puede cambiar estos términos; la versión vigente se publica en el sitio con su fecha. Estos términos se rigen por las leyes de la ' +
            'República de Costa Rica. Consultas: soporte@ruedas.cr.',
        ],
      },
    ],
  },
  en: {
    title: 'Ruedas terms and conditions of use',
    updated: 'In force from 22 November 2026',
    pageLabel: 'Terms of use · page',
    intro:
      'These terms govern the use of Ruedas, the classified ads site for used vehicles in Costa Rica. By registering, publishing an ad or buying a ' +
      'plan, you accept these terms and the privacy policy published on the site.',
    sections: [
      {
        title: '1. The service',
        paragraphs: [
          'Ruedas lets private persons and dealers publish ads to sell used vehicles, and lets visitors search them, save them as favourites, contact ' +
            'the seller and report ads. Ruedas is not a party to the sale: it does not own the vehicles, takes no commission on the sale and has no part ' +
            'in the payment for the vehicle between buyer and seller.',
        ],
      },
      {
        title: '2. Accounts',
        paragraphs: [
          'To publish you must be over 18, register with true details and confirm your account with the link sent to your e-mail. An account belongs to ' +
            'a private person or to a dealer, shown by its business name. You are responsible for keeping your password secret and for everything done ' +
            'with your account.',
          'After several failed sign-in attempts in a row the account is locked for a while; you can wait or reset your password.',
        ],
      },
      {
        title: '3. What may be published',
        paragraphs: [
          '• Vehicles only: cars, off-roaders, pick-ups, vans, panel vans and light trucks. Parts, services, motorcycles and other goods are not accepted.',
          '• One vehicle per ad. To sell two vehicles, publish two ads.',
          '• For sale only. Ads to rent, to buy ("wanted"), to swap without a sale price or to finance are not accepted.',
          '• The ad must describe a real vehicle that you have the right to sell, with its real price, photographs of the vehicle itself, its plate ' +
            'number (which is never published) and any damage you know of.',
          '• Duplicate, misleading or offensive ads, and ads that break the law, are forbidden. Ruedas may reject or withdraw an ad that breaks these ' +
            'rules, with no refund when the advertiser is at fault.',
        ],
      },
      {
        title: '4. Ad levels',
        paragraphs: [
          'Every ad has a level: Free, Bronze, Silver or Gold. The level sets how many photographs it takes (Free 4, Bronze 8, Silver 12, Gold 20) and ' +
            'its visibility: higher levels come first in the results and Gold ads are featured on the home page as "Gold opportunities". The price of ' +
            'each level is shown on the site before you pay.',
          'Prepaid plans are bundles of ads of one level. A plan is valid for one month from purchase; when it expires its unused ads are blocked, and ' +
            'buying a new plan of the same level unblocks them and adds the new quantity. The minimum and maximum quantities per purchase are shown when ' +
            'buying.',
        ],
      },
      {
        title: '5. Review and life of ads',
        paragraphs: [
          'A free ad waits for approval until an administrator reviews it, unless quick approval is paid. A paid ad, or one covered by a plan, is ' +
            'published as soon as the payment completes. If you edit a published ad, it stays visible with the changes and goes back to review.',
          'A free ad is online for 14 days and is not renewed. A paid ad is online for 30 days and is renewed automatically once for another period of ' +
            'the same length. When it expires it is no longer shown. You may mark your ad as sold at any time; a sold ad is not published again.',
        ],
      },
      {
        title: '6. Payments, cancellation and refunds',
        paragraphs: [
          "Payments are made by card through the site's payment provider, in colones or US dollars as shown, and produce an invoice. A paid ad may be " +
            'cancelled within one day after payment; the refund is recorded and an administrator returns it to the same means of payment. After that ' +
            'period there is no refund.',
        ],
      },
      {
        title: '7. Reporting ads',
        paragraphs: [
          'Any visitor may report an ad they believe to be false, misleading, duplicated, already sold or against these rules with the "Report ad" link ' +
            "on the ad's page, giving the reason. Administrators review every report and may withdraw the ad and suspend the advertiser's account.",
        ],
      },
      {
        title: '8. Liability and advice',
        paragraphs: [
          "The content of each ad is the advertiser's responsibility; Ruedas does not inspect the vehicles or guarantee their condition. Before buying, " +
            'see the vehicle in person, check at the National Registry (Registro Nacional) that the seller is the owner and that there are no liens, ' +
            'check the circulation tax (marchamo) and the vehicle technical inspection, and hand over no money before seeing the vehicle and its papers.',
        ],
      },
      {
        title: '9. Personal data',
        paragraphs: [
          "Ruedas processes your data under its privacy policy and Costa Rica's Law No. 8968. The seller's name and phone numbers are shown in their " +
            'ads; the plate is seen only by you and the administrators.',
        ],
      },
      {
        title: '10. Changes, governing law and contact',
        paragraphs: [
          'Ruedas may change these terms; the version in force is published on the site with its date. These terms are governed by the laws of the ' +
            'Republic of Costa Rica. Questions: soporte@ruedas.cr.',
        ],
      },
    ],
  },
};
