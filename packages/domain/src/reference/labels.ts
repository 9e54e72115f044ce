import type {
  AdStatus,
  Currency,
  ExtraCategory,
  FuelType,
  IdType,
  Language,
  Level,
  MileageUnit,
  PassengerChoice,
  PasswordStrengthName,
  PaymentMethod,
  PhoneType,
  Role,
  Style,
  TransmissionType,
  UserStatus,
  UserType,
} from '../enums';
import type { Label } from '../label';

/** es/en labels of every enumeration shown to people. */

export const AD_STATUS_LABELS: Readonly<Record<AdStatus, Label>> = {
  PUBLIC_ONLINE: { es: 'Publicado', en: 'Online' },
  PENDING_APPROVAL: { es: 'Pendiente de aprobación', en: 'Pending approval' },
  APPROVED: { es: 'Aprobado', en: 'Approved' },
  MODIFIED: { es: 'Modificado', en: 'Modified' },
  REJECTED: { es: 'Rechazado', en: 'Rejected' },
  SOLD: { es: 'Vendido', en: 'Sold' },
  EXPIRED: { es: 'Vencido', en: 'Expired' },
  RENEWED: { es: 'Renovado', en: 'Renewed' },
};

export const LEVEL_LABELS: Readonly<Record<Level, Label>> = {
  FREE: { es: 'Gratis', en: 'Free' },
  BRONZE: { es: 'Bronce', en: 'Bronze' },
  SILVER: { es: 'Plata', en: 'Silver' },
  GOLD: { es: 'Oro', en: 'Gold' },
};

export const ROLE_LABELS: Readonly<Record<Role, Label>> = {
  ADVERTISER: { es: 'Anunciante', en: 'Advertiser' },
  TESTUSER: { es: 'Usuario de prueba', en: 'Test user' },
  ADMINISTRATOR: { es: 'Administrador', en: 'Administrator' },
  IMPERSONALIZATOR: { es: 'Registrador', en: 'Impersonator' },
};

export const USER_STATUS_LABELS: Readonly<Record<UserStatus, Label>> = {
  ACTIVE: { es: 'Activo', en: 'Active' },
  NOT_CONFIRMED: { es: 'No confirmado', en: 'Not confirmed' },
  BLOCKED_BY_FAILS: { es: 'Bloqueado por intentos fallidos', en: 'Locked after failed logins' },
};

export const USER_TYPE_LABELS: Readonly<Record<UserType, Label>> = {
  PERSON: { es: 'Persona', en: 'Private seller' },
  CARS_SELLER_MERCHANT: { es: 'Agencia o comerciante', en: 'Dealer' },
};

export const PHONE_TYPE_LABELS: Readonly<Record<PhoneType, Label>> = {
  COMERCIAL: { es: 'Comercial', en: 'Business' },
  HOME: { es: 'Casa', en: 'Home' },
  MOBILE: { es: 'Celular', en: 'Mobile' },
  WHATSAPP: { es: 'WhatsApp', en: 'WhatsApp' },
};

export const ID_TYPE_LABELS: Readonly<Record<IdType, Label>> = {
  NATIONAL_ID: { es: 'Cédula física', en: 'National ID' },
  JURIDIC_ID: { es: 'Cédula jurídica', en: 'Company ID' },
  RESIDENCE_ID: { es: 'DIMEX (residencia)', en: 'Residence ID (DIMEX)' },
  NITE: { es: 'NITE', en: 'NITE (tax ID)' },
  FOREIGN_ID: { es: 'Identificación extranjera', en: 'Foreign ID' },
  NONE: { es: 'Sin identificación', en: 'No ID' },
};

export const STYLE_LABELS: Readonly<Record<Style, Label>> = {
  SEDAN: { es: 'Sedán', en: 'Sedan' },
  HATCHBACK: { es: 'Hatchback', en: 'Hatchback' },
  COUPE: { es: 'Coupé', en: 'Coupe' },
  TODO_TERRENO_4X2: { es: 'Todo terreno 4x2', en: 'SUV 4x2' },
  TODO_TERRENO_4X4: { es: 'Todo terreno 4x4', en: 'SUV 4x4' },
  PICK_UP_4X2: { es: 'Pick-up 4x2', en: 'Pickup 4x2' },
  PICK_UP_4X4: { es: 'Pick-up 4x4', en: 'Pickup 4x4' },
  CONVERTIBLE: { es: 'Convertible', en: 'Convertible' },
  VAN: { es: 'Microbús', en: 'Van' },
  PANEL: { es: 'Panel', en: 'Panel van' },
  CAMION: { es: 'Camión', en: 'Truck' },
};

export const FUEL_TYPE_LABELS: Readonly<Record<FuelType, Label>> = {
  GASOLINE: { es: 'Gasolina', en: 'Gasoline' },
  DIESEL: { es: 'Diésel', en: 'Diesel' },
  HYBRID: { es: 'Híbrido', en: 'Hybrid' },
  ELECTRIC: { es: 'Eléctrico', en: 'Electric' },
  LPG: { es: 'Gas LP', en: 'LPG' },
};

export const TRANSMISSION_TYPE_LABELS: Readonly<Record<TransmissionType, Label>> = {
  AUTOMATIC: { es: 'Automática', en: 'Automatic' },
  TIPTRONIC: { es: 'Tiptronic', en: 'Tiptronic' },
  MANUAL: { es: 'Manual', en: 'Manual' },
};

export const CURRENCY_LABELS: Readonly<Record<Currency, Label>> = {
  CRC: { es: 'Colones (₡)', en: 'Colones (₡)' },
  USD: { es: 'Dólares ($)', en: 'US dollars ($)' },
};

export const MILEAGE_UNIT_LABELS: Readonly<Record<MileageUnit, Label>> = {
  KM: { es: 'Kilómetros', en: 'Kilometres' },
  MI: { es: 'Millas', en: 'Miles' },
};

export const PASSENGER_CHOICE_LABELS: Readonly<Record<PassengerChoice, Label>> = {
  2: { es: '2', en: '2' },
  3: { es: '3', en: '3' },
  4: { es: '4', en: '4' },
  5: { es: '5', en: '5' },
  7: { es: '7', en: '7' },
  888: { es: 'Más de 7', en: 'More than 7' },
};

export const LANGUAGE_LABELS: Readonly<Record<Language, Label>> = {
  es: { es: 'Español', en: 'Spanish' },
  en: { es: 'Inglés', en: 'English' },
};

export const PAYMENT_METHOD_LABELS: Readonly<Record<PaymentMethod, Label>> = {
  CARD: { es: 'Tarjeta de débito o crédito', en: 'Debit or credit card' },
  MOBILE_TRANSFER: { es: 'Transferencia SINPE Móvil', en: 'SINPE mobile transfer' },
};

export const EXTRA_CATEGORY_LABELS: Readonly<Record<ExtraCategory, Label>> = {
  COMFORT: { es: 'Confort', en: 'Comfort' },
  SECURITY: { es: 'Seguridad', en: 'Safety' },
  EXTERIOR: { es: 'Exterior', en: 'Exterior' },
  AUDIO_VIDEO: { es: 'Audio y video', en: 'Audio and video' },
};

export const PASSWORD_STRENGTH_LABELS: Readonly<Record<PasswordStrengthName, Label>> = {
  WEAK: { es: 'Débil', en: 'Weak' },
  FAIR: { es: 'Regular', en: 'Fair' },
  GOOD: { es: 'Buena', en: 'Good' },
  EXCELLENT: { es: 'Excelente', en: 'Excellent' },
};
