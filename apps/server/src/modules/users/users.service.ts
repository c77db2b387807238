import {
  EMPLOYEE_MSG,
  MSG,
  isAdminRoles,
  type EmployeeInsert,
  type EmployeeUpdate,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { actorLabel, audit } from '../../plugins/audit.js';
import { auditChanges, type AuditField } from '../../lib/audit-changes.js';
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
  lockUserById,
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
      await audit(tx, actor, `dodanie pracownika ${employeeLabel(row)}${role}`, `user:${row.id}`);
      // Sent last, inside the transaction: no account exists whose password nobody received.
      if (generated)
        await deliver(
          mailer,
          newPasswordMail(row.email, password, 'new-account', appUrl, { active: row.active }),
        );
      return toEmployee(row);
    });
  } catch (error) {
    // Two admins adding the same e-mail at once: the unique index decides, with the spec's message.
    if (hasPgCode(error, UNIQUE_VIOLATION)) throw emailExists();
    throw error;
  }
}

/** "Jan Kowalski (jan@firma.pl) (id 5)": a log entry about an employee is found by the name too. */
const employeeLabel = (row: {
  id: number;
  email: string;
  firstName?: string | null;
  lastName?: string | null;
}) =>
  `${actorLabel({ email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' })} (id ${row.id})`;

/** The fields an edit may change, as the employee form names them. */
const EDITED_FIELDS: AuditField<UserRow>[] = [
  { key: 'firstName', name: 'imię' },
  { key: 'lastName', name: 'nazwisko' },
  { key: 'userName', name: 'stanowisko' },
  { key: 'country', name: 'kraj' },
  { key: 'vacationDays', name: 'dni urlopu' },
];
/** Only the database is written: a save ended by a deadlock runs again. */
const RETRY = { retryOnDeadlock: true };

export async function updateEmployee(
  db: Db,
  actor: SessionUser,
  input: EmployeeUpdate,
  { actorToken, base }: { actorToken?: string; base?: string } = {},
) {
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  // The employee's row is locked before the administrators' rows: two administrators demoting each
  // other lock them in opposite orders, and the one PostgreSQL stops runs again (and is then
  // refused: by his base, or as the last administrator's demotion).
  return inTransaction(
    db,
    async (tx) => {
      const existing = await lockUserById(tx, input.id);
      if (!existing) throw notFound(MSG.employeeNotFound);
      // Made on another version (another administrator saved since): the whole form would put back
      // what he changed, a role he took away among it. The screen takes his changes in and sends again.
      if (base !== undefined && existing.updatedAt.toISOString() !== base) {
        throw conflict(EMPLOYEE_MSG.changedMeanwhile, 'CHANGED_MEANWHILE');
      }
      // What the call leaves out stays as it is (employeeUpdateSchema).
      const active = input.active ?? existing.active;
      const roles = input.roles ? roleNames(input.roles) : existing.roles;
      const vacationDays = input.vacationDays ?? existing.vacationDays;
      // Switched off, an account cannot log in again: only another admin could switch it back on.
      if (existing.id === actor.id && existing.active && !active) {
        throw conflict(MSG.cannotDeactivateSelf, 'SELF');
      }
      const losesAdmin = isActiveAdmin(existing) && (!roles.includes('ADMIN') || !active);
      if (losesAdmin && (await countActiveAdminsForUpdate(tx)) <= 1) throw lastAdmin();
      // The e-mail is the login and stays as created (spec: disabled on edit), whatever the body says.
      const row = await updateUser(tx, existing.id, {
        userName: input.userName,
        firstName: input.firstName,
        lastName: input.lastName,
        country: input.country,
        active,
        vacationDays,
        roles,
        ...(passwordHash ? { passwordHash } : {}),
      });
      if (!active || passwordHash) {
        // An admin giving themselves a new password stays logged in here; elsewhere they are not.
        if (active && existing.id === actor.id && actorToken) {
          await deleteOtherSessions(tx, existing.id, actorToken);
        } else {
          await deleteUserSessions(tx, existing.id);
        }
      }
      // The log says what changed: who may administer first (what an admin looks for), then a new
      // password, the account switched off or on, and each field with its old and new value. A save
      // that changed nothing is not logged.
      const wasAdmin = existing.roles.includes('ADMIN');
      const changes = [
        ...(wasAdmin !== roles.includes('ADMIN')
          ? [wasAdmin ? 'odebranie roli administratora' : 'nadanie roli administratora']
          : []),
        ...(passwordHash ? ['nowe hasło'] : []),
        ...(existing.active !== active ? [active ? 'konto włączone' : 'konto wyłączone'] : []),
        ...auditChanges(existing, row, EDITED_FIELDS),
      ];
      if (changes.length) {
        const what = `edycja pracownika ${employeeLabel(existing)}: ${changes.join(', ')}`;
        await audit(tx, actor, what, `user:${row.id}`);
      }
      return toEmployee(row);
    },
    RETRY,
  );
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
      await audit(tx, actor, `usunięcie pracownika ${employeeLabel(existing)}`, `user:${id}`);
    });
  } catch (error) {
    // A record naming the employee was saved between the count and the delete.
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw inUse();
    throw error;
  }
}
