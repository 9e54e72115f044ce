import type { ExtraCategory, Locale } from '../enums';
import { compareSpanish, type Label } from '../label';

/** Equipment a seller can tick on step 2 of the ad wizard; `defaultChecked` pre-ticks the commonest. */
export interface Extra {
  readonly key: string;
  readonly category: ExtraCategory;
  readonly label: Label;
  readonly defaultChecked: boolean;
}

function extra(key: string, category: ExtraCategory, es: string, en: string, defaultChecked = false): Extra {
  return { key, category, label: { es, en }, defaultChecked };
}

export const EXTRAS: readonly Extra[] = [
  extra('AIR_CONDITIONING', 'COMFORT', 'Aire acondicionado', 'Air conditioning', true),
  extra('CLIMATE_CONTROL', 'COMFORT', 'Climatizador automático', 'Automatic climate control'),
  extra('POWER_WINDOWS', 'COMFORT', 'Vidrios eléctricos', 'Power windows', true),
  extra('POWER_MIRRORS', 'COMFORT', 'Espejos eléctricos', 'Power mirrors', true),
  extra('POWER_STEERING', 'COMFORT', 'Dirección hidráulica', 'Power steering', true),
  extra('CENTRAL_LOCKING', 'COMFORT', 'Cierre central', 'Central locking', true),
  extra('CRUISE_CONTROL', 'COMFORT', 'Control de crucero', 'Cruise control'),
  extra('LEATHER_SEATS', 'COMFORT', 'Asientos de cuero', 'Leather seats'),
  extra('POWER_SEATS', 'COMFORT', 'Asientos eléctricos', 'Power seats'),
  extra('HEATED_SEATS', 'COMFORT', 'Asientos con calefacción', 'Heated seats'),
  extra('KEYLESS_ENTRY', 'COMFORT', 'Apertura sin llave', 'Keyless entry'),
  extra('PUSH_BUTTON_START', 'COMFORT', 'Encendido con botón', 'Push-button start'),
  extra('STEERING_WHEEL_CONTROLS', 'COMFORT', 'Controles en el volante', 'Steering wheel controls'),
  extra('THIRD_ROW_SEATS', 'COMFORT', 'Tercera fila de asientos', 'Third-row seats'),
  extra('AIRBAGS', 'SECURITY', 'Bolsas de aire', 'Airbags', true),
  extra('SIDE_AIRBAGS', 'SECURITY', 'Bolsas de aire laterales', 'Side airbags'),
  extra('ABS_BRAKES', 'SECURITY', 'Frenos ABS', 'ABS brakes', true),
  extra('TRACTION_CONTROL', 'SECURITY', 'Control de tracción', 'Traction control'),
  extra('STABILITY_CONTROL', 'SECURITY', 'Control de estabilidad', 'Stability control'),
  extra('ALARM', 'SECURITY', 'Alarma', 'Alarm'),
  extra('IMMOBILIZER', 'SECURITY', 'Inmovilizador', 'Immobilizer'),
  extra('REVERSE_CAMERA', 'SECURITY', 'Cámara de retroceso', 'Reverse camera'),
  extra('PARKING_SENSORS', 'SECURITY', 'Sensores de parqueo', 'Parking sensors'),
  extra('BLIND_SPOT_MONITOR', 'SECURITY', 'Monitor de punto ciego', 'Blind-spot monitor'),
  extra('LANE_KEEP_ASSIST', 'SECURITY', 'Asistente de carril', 'Lane keeping assist'),
  extra('HILL_START_ASSIST', 'SECURITY', 'Asistente de arranque en pendiente', 'Hill start assist'),
  extra('ISOFIX_ANCHORS', 'SECURITY', 'Anclajes ISOFIX', 'ISOFIX anchors'),
  extra('TIRE_PRESSURE_MONITOR', 'SECURITY', 'Monitor de presión de llantas', 'Tyre pressure monitor'),
  extra('SUNROOF', 'EXTERIOR', 'Techo solar', 'Sunroof'),
  extra('PANORAMIC_ROOF', 'EXTERIOR', 'Techo panorámico', 'Panoramic roof'),
  extra('ALLOY_WHEELS', 'EXTERIOR', 'Aros de lujo', 'Alloy wheels'),
  extra('FOG_LIGHTS', 'EXTERIOR', 'Halógenos', 'Fog lights'),
  extra('LED_HEADLIGHTS', 'EXTERIOR', 'Luces LED', 'LED headlights'),
  extra('ROOF_RACK', 'EXTERIOR', 'Parrilla de techo', 'Roof rack'),
  extra('TOW_HITCH', 'EXTERIOR', 'Enganche de remolque', 'Tow hitch'),
  extra('TINTED_WINDOWS', 'EXTERIOR', 'Vidrios polarizados', 'Tinted windows'),
  extra('SPOILER', 'EXTERIOR', 'Spoiler', 'Spoiler'),
  extra('RUNNING_BOARDS', 'EXTERIOR', 'Estribos', 'Running boards'),
  extra('BED_LINER', 'EXTERIOR', 'Protector de cajón', 'Bed liner'),
  extra('RADIO_WITH_USB', 'AUDIO_VIDEO', 'Radio con USB', 'Radio with USB', true),
  extra('BLUETOOTH', 'AUDIO_VIDEO', 'Bluetooth', 'Bluetooth'),
  extra('TOUCHSCREEN', 'AUDIO_VIDEO', 'Pantalla táctil', 'Touchscreen'),
  extra('APPLE_CARPLAY', 'AUDIO_VIDEO', 'Apple CarPlay', 'Apple CarPlay'),
  extra('ANDROID_AUTO', 'AUDIO_VIDEO', 'Android Auto', 'Android Auto'),
  extra('NAVIGATION_SYSTEM', 'AUDIO_VIDEO', 'Navegador GPS', 'GPS navigation'),
  extra('PREMIUM_SOUND', 'AUDIO_VIDEO', 'Sistema de sonido premium', 'Premium sound system'),
  extra('REAR_ENTERTAINMENT', 'AUDIO_VIDEO', 'Pantallas traseras', 'Rear entertainment screens'),
];

export const EXTRA_KEYS = EXTRAS.map((e) => e.key) as [string, ...string[]];

const extraByKey = new Map(EXTRAS.map((e) => [e.key, e]));

export function findExtra(key: string): Extra | undefined {
  return extraByKey.get(key);
}

/** The extras of one category sorted by their label in the given language, as step 2 shows them. */
export function extrasByCategory(category: ExtraCategory, locale: Locale): Extra[] {
  const collator = locale === 'es' ? compareSpanish : (a: string, b: string) => a.localeCompare(b, 'en');
  return EXTRAS.filter((e) => e.category === category).sort((a, b) => collator(a.label[locale], b.label[locale]));
}

/** The keys ticked by default when a new ad is created. */
export const DEFAULT_EXTRA_KEYS: readonly string[] = EXTRAS.filter((e) => e.defaultChecked).map((e) => e.key);

/** `extraList` is stored as comma-separated keys; unknown keys are dropped. */
export function parseExtraList(extraList: string): string[] {
  return extraList
    .split(',')
    .map((key) => key.trim())
    .filter((key) => extraByKey.has(key));
}

export function formatExtraList(keys: readonly string[]): string {
  return keys.join(',');
}
