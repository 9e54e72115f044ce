/**
 * Site configuration: the business's contact details and social profiles, shown in the
 * header, the footer and the contact page. The phone number and the social profile
 * addresses are placeholders until the business supplies the real ones; change them here only.
 */
export const siteConfig = {
  name: 'Ruedas',
  supportEmail: 'soporte@ruedas.cr',
  /** Placeholder support phone, also the WhatsApp number. */
  supportPhone: { display: '+506 8888-0000', countryCode: '506', number: '88880000' },
  social: {
    facebook: 'https://www.facebook.com/ruedas.cr',
    instagram: 'https://www.instagram.com/ruedas.cr',
  },
  termsPdf: '/terms.pdf',
} as const;

const { countryCode, number } = siteConfig.supportPhone;

export const supportWhatsappUrl = `https://wa.me/${countryCode}${number}`;
export const supportPhoneUrl = `tel:+${countryCode}${number}`;
export const supportEmailUrl = `mailto:${siteConfig.supportEmail}`;
