import { z } from 'zod';
import { MAX } from '../limits.js';
import { MSG, validationMessage } from '../messages.js';
import { ROLES, type RoleName } from '../reference-data.js';
import { EMAIL_PATTERN } from '../rules/email-address.js';
import { id, line, singleSpaced } from './common.js';

export const PASSWORD_MIN = 8;
export const POSITION_MIN = 3;

export const email = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .max(MAX.email, validationMessage.tooLong(MAX.email))
  .regex(EMAIL_PATTERN, MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

export const roleSchema = z.object({
  id: z.number().int().optional(),
  role: z.enum(ROLES.map((r) => r.role) as ['ADMIN', 'USER']),
});
export type Role = z.infer<typeof roleSchema>;

export const sessionUserSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  vacationDays: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), role: z.string() })),
  isAdmin: z.boolean(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const resetPasswordSchema = z.object({
  recipients: z.array(email, { error: MSG.invalidEmail }).min(1, MSG.invalidEmail).max(1),
});

export const setNewPasswordSchema = z.object({
  oldPassword: z.string({ error: MSG.wrongOldPassword }).min(1, MSG.wrongOldPassword).max(MAX.password),
  newPassword: z
    .string({ error: MSG.newPasswordTooShort })
    .min(PASSWORD_MIN, MSG.newPasswordTooShort)
    .max(MAX.password, validationMessage.tooLong(MAX.password)),
});

/** The browser's form adds the repeated entry; the API takes only the two above. */
export const changePasswordFormSchema = z
  .object({
    // Empty is "fill it in"; whether it is right only the server can say ("Błędne hasło.").
    oldPassword: z.string().min(1, MSG.requiredField).max(MAX.password),
    newPassword: z.string().min(PASSWORD_MIN, MSG.newPasswordTooShort).max(MAX.password),
    repeatPassword: z.string().max(MAX.password),
  })
  .refine((v) => v.newPassword === v.repeatPassword, {
    message: MSG.newPasswordsDiffer,
    path: ['repeatPassword'],
  });

/** Empty or missing: a password is generated and e-mailed. */
function employeePassword(tooShort: string) {
  return z
    .string()
    .max(MAX.password, validationMessage.tooLong(MAX.password))
    .nullish()
    .transform((v) => v ?? '')
    .refine((v) => v === '' || v.length >= PASSWORD_MIN, tooShort);
}

// A number, or digits as a form may send them; true, '' or [] are not a count of days.
const vacationDays = z
  .union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^\d{1,3}$/),
    ],
    { error: validationMessage.wrongType },
  )
  .pipe(
    z.coerce
      .number<string | number>()
      .int(validationMessage.wrongType)
      .min(0, MSG.vacationDaysRange)
      .max(366, MSG.vacationDaysRange),
  );

const roles = z.array(roleSchema).max(2);

const employeeBase = {
  userName: z
    .string({ error: MSG.positionTooShort })
    .transform((v) => singleSpaced(v).trim())
    .pipe(
      z.string().min(POSITION_MIN, MSG.positionTooShort).max(MAX.short, validationMessage.tooLong(MAX.short)),
    ),
  firstName: line(MAX.short),
  lastName: line(MAX.short),
  country: line(MAX.short),
  active: z.boolean({ error: validationMessage.wrongType }).default(true),
  vacationDays: vacationDays.default(0),
  roles: roles.default([{ id: 2, role: 'USER' }]),
  password: employeePassword(MSG.newPasswordTooShort),
};

/** On /userAdd the field is "Hasło", not "Nowe hasło" (as on /userEdit): its message says so. */
export const employeeInsertSchema = z.object({
  ...employeeBase,
  email,
  password: employeePassword(MSG.passwordTooShort),
});
export type EmployeeInsert = z.infer<typeof employeeInsertSchema>;

export const employeeUpdateSchema = z.object({
  ...employeeBase,
  id,
  userName: z
    .string({ error: MSG.positionTooShortEdit })
    .trim()
    .min(POSITION_MIN, MSG.positionTooShortEdit)
    .max(MAX.short, validationMessage.tooLong(MAX.short)),
  /** The e-mail is fixed after creation; sent back by the form, ignored by the server. */
  email: z.string().max(MAX.email).optional(),
  // Left out, each stays as it is. A new account's defaults (active, no days, USER) put in their
  // place switched an account that an administrator had switched off back on, and demoted admins.
  active: z.boolean({ error: validationMessage.wrongType }).optional(),
  vacationDays: vacationDays.optional(),
  roles: roles.optional(),
});
export type EmployeeUpdate = z.infer<typeof employeeUpdateSchema>;

export const employeeSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  country: z.string(),
  active: z.boolean(),
  vacationDays: z.number().int(),
  roles: z.array(z.object({ id: z.number().int(), role: z.string() })),
  /** The version saved (ISO time): an update made on it passes it as `base` (versionQuery). */
  updatedAt: z.string(),
});
export type Employee = z.infer<typeof employeeSchema>;

export function isAdminRoles(roles: readonly { role: string }[]) {
  return roles.some((r) => r.role === 'ADMIN');
}

/** The roles an employee form sends for its "Admin" box: ADMIN alone, or USER alone. */
export function rolesForAdmin(admin: boolean): { id: number; role: RoleName }[] {
  const wanted: RoleName = admin ? 'ADMIN' : 'USER';
  return ROLES.filter((r) => r.role === wanted).map((r) => ({ id: r.id, role: r.role }));
}
