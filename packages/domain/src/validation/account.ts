import { z } from 'zod';
import { DEFAULT_LANGUAGE, DEFAULT_PLAN_LEVEL } from '../enums';
import { idTypeSchema, languageSchema, planLevelSchema, roleSchema, userStatusSchema, userTypeSchema } from '../enum-schemas';
import { newPasswordSchema } from '../password';
import { locationShape, refineLocation } from './location';
import { phoneListSchema } from './phones';
import { emailSchema, EVEN_WITH_FIELD_ERRORS, isBusinessName, isIdentification, isPersonName, numericInput, optionalText, personNameSchema } from './rules';

/** The person and contact fields every account form shares. */
const userShape = {
  userType: userTypeSchema,
  merchantName: optionalText(),
  name: personNameSchema('invalidNameUser'),
  lastName: personNameSchema('invalidLastNameUser'),
  /** Optional: not everybody has a second surname. */
  lastName2: optionalText().refine((text) => text === '' || isPersonName(text), 'invalidLastName2User'),
  phoneList: phoneListSchema,
  language: z.preprocess((value) => value ?? DEFAULT_LANGUAGE, languageSchema),
  ...locationShape,
};

const identityShape = {
  idType: idTypeSchema.optional(),
  identification: optionalText().refine((text) => text === '' || isIdentification(text), 'invalidIdentification'),
};

interface UserFields {
  userType: string;
  merchantName: string;
  province: string;
  canton: string;
  district: string;
}

/** Merchants need a business name; the location must be complete and consistent. */
function refineUser(user: UserFields, ctx: z.RefinementCtx): void {
  if (user.userType === 'CARS_SELLER_MERCHANT' && !isBusinessName(user.merchantName)) {
    ctx.addIssue({ code: 'custom', path: ['merchantName'], message: 'invalidMerchantNameUser' });
  }
  refineLocation(user, ctx, true);
}

/** A person's merchant name is meaningless: it is dropped. */
function clearMerchantName<T extends UserFields>(user: T): T {
  return user.userType === 'CARS_SELLER_MERCHANT' ? user : { ...user, merchantName: '' };
}

function refineConfirmation(value: { password: string; passwordConfirm: string }, ctx: z.RefinementCtx, path = 'passwordConfirm'): void {
  if (value.password !== value.passwordConfirm) {
    ctx.addIssue({ code: 'custom', path: [path], message: 'invalidPasswordConfirm' });
  }
}

const confirmationSchema = z.string('invalidPasswordConfirm');

export const registrationSchema = z
  .object({
    ...userShape,
    email: emailSchema(),
    password: newPasswordSchema,
    passwordConfirm: confirmationSchema,
    agreement: z.literal(true, 'agreementNotChecked'),
  })
  .superRefine((value, ctx) => {
    refineUser(value, ctx);
    refineConfirmation(value, ctx);
  }, EVEN_WITH_FIELD_ERRORS)
  .transform(clearMerchantName);
export type RegistrationInput = z.input<typeof registrationSchema>;
export type Registration = z.output<typeof registrationSchema>;

/** Login checks the form only; the stored password decides. */
export const loginSchema = z.object({
  email: emailSchema(),
  password: z.string('invalidPassword').min(1, 'invalidPassword'),
});
export type Login = z.output<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailSchema() });

/** Setting a new password from a reset link. */
export const passwordResetSchema = z
  .object({
    token: z.string('resetLinkInvalid').min(1, 'resetLinkInvalid'),
    password: newPasswordSchema,
    passwordConfirm: confirmationSchema,
  })
  .superRefine((value, ctx) => refineConfirmation(value, ctx), EVEN_WITH_FIELD_ERRORS);

/** Changing the password while signed in: the new one must differ from the current one. */
export const passwordChangeSchema = z
  .object({
    currentPassword: z.string('required').min(1, 'required'),
    password: newPasswordSchema,
    passwordConfirm: confirmationSchema,
  })
  .superRefine((value, ctx) => {
    refineConfirmation(value, ctx);
    if (value.password === value.currentPassword) {
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'samePassword' });
    }
  }, EVEN_WITH_FIELD_ERRORS);

/**
 * A user's own profile. The e-mail is read-only here, so it is not part of the form. A blank
 * `newPassword` keeps the password; a filled one needs the current password and a confirmation.
 */
export const profileUpdateSchema = z
  .object({
    ...userShape,
    ...identityShape,
    currentPassword: optionalText(),
    newPassword: z.preprocess((value) => value ?? '', z.string()),
    newPasswordConfirm: z.preprocess((value) => value ?? '', z.string()),
    truthDeclaration: z.literal(true, 'agreementNotChecked'),
  })
  .superRefine((value, ctx) => {
    refineUser(value, ctx);
    if (value.newPassword === '') return;
    const password = newPasswordSchema.safeParse(value.newPassword);
    if (!password.success) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: password.error.issues[0]?.message ?? '' });
    }
    if (value.currentPassword === '') {
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'required' });
    } else if (value.currentPassword === value.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'samePassword' });
    }
    refineConfirmation({ password: value.newPassword, passwordConfirm: value.newPasswordConfirm }, ctx, 'newPasswordConfirm');
  }, EVEN_WITH_FIELD_ERRORS)
  .transform(clearMerchantName);
export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/** An administrator editing any user, e-mail and role included. */
export const adminUserEditSchema = z
  .object({
    ...userShape,
    ...identityShape,
    email: emailSchema(),
    role: roleSchema,
    status: userStatusSchema.optional(),
  })
  .superRefine(refineUser, EVEN_WITH_FIELD_ERRORS)
  .transform(clearMerchantName);
export type AdminUserEdit = z.output<typeof adminUserEditSchema>;

/**
 * An impersonator registering somebody: the person's data (they set their password from the
 * confirmation e-mail), optional promotional ads on a plan level, and the role forced to ADVERTISER.
 */
export const impersonalRegistrationSchema = z.object({
  user: z
    .object({ ...userShape, ...identityShape, email: emailSchema() })
    .superRefine(refineUser, EVEN_WITH_FIELD_ERRORS)
    .transform((user) => ({ ...clearMerchantName(user), role: 'ADVERTISER' as const })),
  plan: z.object({
    planLevel: z.preprocess((value) => value ?? DEFAULT_PLAN_LEVEL, planLevelSchema),
    totalOpportunities: numericInput(z.number('invalidPromotionalAds').int('invalidPromotionalAds').min(0, 'invalidPromotionalAds'), 0),
  }),
});
export type ImpersonalRegistration = z.output<typeof impersonalRegistrationSchema>;
