import {
  MSG,
  isAdminRoles,
  type EmployeeInsert,
  type EmployeeUpdate,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { audit } from '../../plugins/audit.js';
import type { Mailer } from '../../plugins/mailer.js';
import { AppError, conflict, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { generatePassword, hashPassword } from '../auth/password.js';
import { newPasswordMail } from '../auth/auth.mails.js';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import {
  countActiveAdmins,
  deleteUser,
  findUserByEmail,
  findUserById,
  insertUser,
  updateUser,
} from './users.repository.js';
import { toEmployee } from './users.mapper.js';
import { countUserReferences } from './users.references.js';

const roleNames = (roles: { role: 'ADMIN' | 'USER' }[]) => (isAdminRoles(roles) ? ['ADMIN'] : ['USER']);

export async function createEmployee(db: Db, mailer: Mailer, actor: SessionUser, input: EmployeeInsert) {
  if (await findUserByEmail(db, input.email)) throw conflict(MSG.employeeEmailExists, 'EMAIL_EXISTS');
  const generated = input.password === '';
  const password = generated ? generatePassword() : input.password;
  const passwordHash = await hashPassword(password);
  return inTransaction(db, async (tx) => {
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
    await audit(tx, actor, `dodanie pracownika ${row.email} (id ${row.id})`, `user:${row.id}`);
    // Sent last, inside the transaction: no account exists whose password nobody received.
    if (generated) await mailer.send(newPasswordMail(row.email, password, 'new-account'));
    return toEmployee(row);
  });
}

export async function updateEmployee(db: Db, actor: SessionUser, input: EmployeeUpdate) {
  const existing = await findUserById(db, input.id);
  if (!existing) throw notFound(MSG.employeeNotFound);
  const roles = roleNames(input.roles);
  const loosesAdmin =
    existing.roles.includes('ADMIN') && existing.active && (!roles.includes('ADMIN') || !input.active);
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return inTransaction(db, async (tx) => {
    if (loosesAdmin && (await countActiveAdmins(tx)) <= 1) {
      throw new AppError(409, MSG.cannotDemoteLastAdmin, 'LAST_ADMIN');
    }
    const row = await updateUser(tx, existing.id, {
      userName: input.userName.trim(),
      firstName: input.firstName,
      lastName: input.lastName,
      country: input.country,
      active: input.active,
      vacationDays: input.vacationDays,
      roles,
      ...(passwordHash ? { passwordHash } : {}),
    });
    if (!input.active || passwordHash) await deleteUserSessions(tx, existing.id);
    await audit(tx, actor, `edycja pracownika ${row.email} (id ${row.id})`, `user:${row.id}`);
    return toEmployee(row);
  });
}

export async function removeEmployee(db: Db, actor: SessionUser, id: number) {
  const existing = await findUserById(db, id);
  if (!existing) throw notFound(MSG.employeeNotFound);
  if (existing.id === actor.id) throw conflict(MSG.cannotDeleteSelf, 'SELF');
  await inTransaction(db, async (tx) => {
    if ((await countUserReferences(tx, id)) > 0) throw conflict(MSG.employeeInUse, 'IN_USE');
    if (existing.roles.includes('ADMIN') && existing.active && (await countActiveAdmins(tx)) <= 1) {
      throw new AppError(409, MSG.cannotDemoteLastAdmin, 'LAST_ADMIN');
    }
    await deleteUser(tx, id);
    await audit(tx, actor, `usunięcie pracownika ${existing.email} (id ${id})`, `user:${id}`);
  });
}
