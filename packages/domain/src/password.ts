import { z } from 'zod';
import { PASSWORD_STRENGTHS, type PasswordStrength, type PasswordStrengthName } from './enums';

/**
 * Passwords (DECISIONS.md): 8 to 64 characters, no leading or trailing whitespace, any printable
 * character including inner spaces and accents. Length counts characters, not UTF-16 units.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 64;

/** Control, format, surrogate, private-use and unassigned code points, and line or paragraph separators. */
const NOT_PRINTABLE = /[\p{C}\u2028\u2029]/u;

export function isValidPassword(password: string): boolean {
  const length = [...password].length;
  return length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && password.trim() === password && !NOT_PRINTABLE.test(password);
}

/**
 * The most common passwords and the words they are built from (lower case). A password that is one
 * of them, or one of them followed only by digits and symbols (Password123!), rates as weak.
 */
const COMMON_PASSWORDS = new Set([
  '123456',
  '1234567',
  '12345678',
  '123456789',
  '1234567890',
  '0123456789',
  '987654321',
  '11111111',
  '00000000',
  '12341234',
  '11223344',
  '123123123',
  '147258369',
  '741852963',
  '159753',
  '123qwe',
  'password',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'pass',
  'qwerty',
  'qwertyui',
  'qwertyuiop',
  'asdfghjkl',
  'azerty',
  'zxcvbnm',
  'abc123',
  'abcd1234',
  'abcdefgh',
  'iloveyou',
  'letmein',
  'welcome',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'master',
  'sunshine',
  'princess',
  'superman',
  'batman',
  'trustno1',
  'starwars',
  'whatever',
  'shadow',
  'michael',
  'jordan',
  'jennifer',
  'charlie',
  'computer',
  'freedom',
  'admin',
  'administrator',
  'root',
  'user',
  'login',
  'secret',
  'changeme',
  'default',
  'test',
  'guest',
  'hello',
  'love',
  'loveyou',
  'google',
  'facebook',
  'samsung',
  'pokemon',
  'soccer',
  'hunter',
  'killer',
  'contraseña',
  'contrasena',
  'clave',
  'miclave',
  'micontraseña',
  'teamo',
  'tequiero',
  'amor',
  'amorcito',
  'hola',
  'holamundo',
  'bienvenido',
  'futbol',
  'saprissa',
  'alajuelense',
  'liga',
  'herediano',
  'costarica',
  'puravida',
  'tico',
  'sanjose',
  'dios',
  'diosmio',
  'jesus',
  'cristo',
  'familia',
  'mama',
  'papa',
  'carlos',
  'maria',
  'jose',
  'daniel',
  'ruedas',
  'carro',
  'carros',
  'toyota',
  'honda',
]);

function isCommon(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const core = lower.replace(/[\d\W_]+$/u, '');
  return core.length >= 3 && COMMON_PASSWORDS.has(core);
}

/**
 * The strength meter: 0 weak, 1 fair, 2 good, 3 excellent. A password that breaks the rule, is
 * common, or repeats one character is weak. Otherwise it earns a point per kind of character
 * (lower case, upper case, digit, other) and a point each for reaching 12 and 16 characters, so a
 * long passphrase rates as well as a short jumble.
 */
export function passwordStrength(password: string): PasswordStrength {
  if (!isValidPassword(password) || isCommon(password) || new Set(password).size <= 2) return 0;
  const kinds = [/\p{Ll}/u, /\p{Lu}/u, /\p{N}/u, /[^\p{Ll}\p{Lu}\p{N}]/u].filter((kind) => kind.test(password)).length;
  const length = [...password].length;
  const points = kinds + (length >= 12 ? 1 : 0) + (length >= 16 ? 1 : 0);
  if (points <= 1) return 0;
  if (points === 2) return 1;
  if (points === 3) return 2;
  return 3;
}

export function passwordStrengthName(password: string): PasswordStrengthName {
  return PASSWORD_STRENGTHS[passwordStrength(password)];
}

/** A password that follows the rule (used wherever a password is set). */
export const passwordSchema = z.string('invalidPassword').refine(isValidPassword, 'invalidPassword');

/** A password that follows the rule and is not weak: what registration and password changes accept. */
export const newPasswordSchema = passwordSchema.refine((password) => passwordStrength(password) > 0, 'weakPassword');
