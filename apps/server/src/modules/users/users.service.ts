import {
  MSG,
  isAdminRoles,
  type EmployeeInsert,
  type EmployeeUpdate,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { audit } from '../../plugins/audit.js';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';
import { deliver, type Mailer } from '../../plugins/mailer.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { generatePassword, hashPassword } from '../auth/password.js';
import { newPasswordMail } from '../auth/auth.mails.js';
import { deleteOtherSessions, deleteUserSessions } from '../auth/sessions.repository.js';
import {
  countActiveAdminsForUpdate,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
  type UserRow,
} from './users.repository.js';
import { toEmployee } from './users.mapper.js';
import { countUserReferences } from './users.references.js';

const roleNames = (roles: { role: 'ADMIN' | 'USER' }[]) => (isAdminRoles(roles) ? ['ADMIN'] : ['USER']);
const isActiveAdmin = (row: UserRow) => row.active && row.roles.includes('ADMIN');
const emailExists = () => conflict(MSG.employeeEmailExists, 'EMAIL_EXISTS');
const lastAdmin = () => new AppError(409, MSG.cannotDemoteLastAdmin, 'LAST_ADMIN');
const inUse = () => conflict(MSG.employeeInUse, 'IN_USE');

export async function createEmployee(
  db: Db,
  mailer: Mailer,
  actor: SessionUser,
  input: EmployeeInsert,
  appUrl: string,
) {
  if (await findUserByEmail(db, input.email)) throw emailExists();
  const generated = input.password === '';
  const password = generated ? generatePassword() : input.password;
  const passwordHash = await hashPassword(password);
  try {
    return await inTransaction(db, async (tx) => {
      const row = await insertUser(tx, {
        userName: input.userName,
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        country: input.country,
        active: input.active,
        vacationDays: input.vacationDays,
        roles: roleNames(input.roles),
        passwordHash,
      });
      // A new administrator is said so, as an edit that gives the role is.
      const role = row.roles.includes('ADMIN') ? ': z rolą administratora' : '';
      await audit(tx, actor, `dodanie pracownika ${row.email} (id ${row.id})${role}`, `user:${row.id}`);
      // Sent last, inside the transaction: no account exists whose password nobody received.
      if (generated) await deliver(mailer, newPasswordMail(row.email, password, 'new-account', appUrl));
      return toEmployee(row);
    });
  } catch (error) {
    // Two admins adding the same e-mail at once: the unique index decides, with the spec's message.
    if (hasPgCode(error, UNIQUE_VIOLATION)) throw emailExists();
    throw error;
  }
}

export async function updateEmployee(db: Db, actor: SessionUser, input: EmployeeUpdate, actorToken?: string) {
  const roles = roleNames(input.roles);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return inTransaction(db, async (tx) => {
    const existing = await findUserById(tx, input.id);
    if (!existing) throw notFound(MSG.employeeNotFound);
    // Switched off, an account cannot log in again: only another admin could switch it back on.
    if (existing.id === actor.id && existing.active && !input.active) {
      throw conflict(MSG.cannotDeactivateSelf, 'SELF');
    }
    const losesAdmin = isActiveAdmin(existing) && (!roles.includes('ADMIN') || !input.active);
    if (losesAdmin && (await countActiveAdminsForUpdate(tx)) <= 1) throw lastAdmin();
    // The e-mail is the login and stays as created (spec: disabled on edit), whatever the body says.
    const row = await updateUser(tx, existing.id, {
      userName: input.userName,
      firstName: input.firstName,
      lastName: input.lastName,
      country: input.country,
      active: input.active,
      vacationDays: input.vacationDays,
      roles,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!input.active || passwordHash) {
      // An admin giving themselves a new password stays logged in here; elsewhere they are not.
      if (input.active && existing.id === actor.id && actorToken) {
        await deleteOtherSessions(tx, existing.id, actorToken);
      } else {
        await deleteUserSessions(tx, existing.id);
      }
    }
    // The log tells a new password and an account switched off or on from an ordinary edit.
    const wasAdmin = existing.roles.includes('ADMIN');
    const changes = [
      // Who may administer is what an admin looks for first in the log.
      ...(wasAdmin !== roles.includes('ADMIN')
        ? [wasAdmin ? 'odebranie roli administratora' : 'nadanie roli administratora']
        : []),
      ...(passwordHash ? ['nowe hasło'] : []),
      ...(existing.active !== input.active ? [input.active ? 'konto włączone' : 'konto wyłączone'] : []),
    ];
    const what = changes.length ? `: ${changes.join(', ')}` : '';
    await audit(tx, actor, `edycja pracownika ${row.email} (id ${row.id})${what}`, `user:${row.id}`);
    return toEmployee(row);
  });
}

export async function removeEmployee(db: Db, actor: SessionUser, id: number) {
  if (id === actor.id) throw conflict(MSG.cannotDeleteSelf, 'SELF');
  try {
    await inTransaction(db, async (tx) => {
      const existing = await findUserById(tx, id);
      if (!existing) throw notFound(MSG.employeeNotFound);
      if ((await countUserReferences(tx, id)) > 0) throw inUse();
      if (isActiveAdmin(existing) && (await countActiveAdminsForUpdate(tx)) <= 1) throw lastAdmin();
      await deleteUser(tx, id);
      await audit(tx, actor, `usunięcie pracownika ${existing.email} (id ${id})`, `user:${id}`);
    });
  } catch (error) {
    // A record naming the employee was saved between the count and the delete.
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw inUse();
    throw error;
  }
}
