import { MSG, type SessionUser } from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { audit, type Actor } from '../../plugins/audit.js';
import { deliver, type Mailer } from '../../plugins/mailer.js';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { findUserByEmail, findUserById, replacePasswordHash, updateUser } from '../users/users.repository.js';
import { toSessionUser } from '../users/users.mapper.js';
import {
  createSession,
  deleteOtherSessions,
  deleteSession,
  deleteUserSessions,
} from './sessions.repository.js';
import { generatePassword, hashPassword, verifyPassword } from './password.js';
import { newPasswordMail } from './auth.mails.js';

// Verifying against a real hash for unknown e-mails keeps the answer time the same for both cases.
let dummyHash: Promise<string> | undefined;

export async function login(
  db: Db,
  email: string,
  password: string,
  options: { sessionDays: number; replacesToken?: string },
) {
  const user = await findUserByEmail(db, email);
  dummyHash ??= hashPassword('dummy-password-for-timing');
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
  if (!user || !ok || !user.active) {
    // Only a login that names an employee is written as typed: any other text may be a password
    // typed in the wrong field, or a name made up to look like someone's entry.
    // A switched-off account is named as such: an administrator tells a former employee's attempt
    // from a guessed password (the answer stays the same for both).
    if (user) {
      const what = user.active ? 'nieudana próba logowania' : 'nieudana próba logowania na wyłączone konto';
      await audit(db, { email: user.email }, what, `user:${user.id}`);
    } else await audit(db, null, 'nieudana próba logowania na nieistniejące konto');
    throw unauthorized(MSG.loginFailed);
  }
  return inTransaction(db, async (tx) => {
    // The browser's previous session (perhaps someone else's on a shared computer) ends here.
    if (options.replacesToken) await deleteSession(tx, options.replacesToken);
    const session = await createSession(tx, user.id, options.sessionDays);
    await audit(tx, user, 'zalogowanie', `user:${user.id}`);
    return { ...session, user: toSessionUser(user) };
  });
}

export async function logout(db: Db, token: string, user: SessionUser | null) {
  await inTransaction(db, async (tx) => {
    await deleteSession(tx, token);
    if (user) await audit(tx, user, 'wylogowanie', `user:${user.id}`);
  });
}

export async function resetPassword(db: Db, mailer: Mailer, email: string, appUrl: string) {
  const user = await findUserByEmail(db, email);
  if (!user || !user.active) throw notFound(MSG.resetUnknownEmail);
  const password = generatePassword();
  const passwordHash = await hashPassword(password);
  // The mail is sent inside the transaction: if it cannot go out, the old password stays valid.
  await inTransaction(db, async (tx) => {
    await updateUser(tx, user.id, { passwordHash });
    await deleteUserSessions(tx, user.id);
    await audit(tx, null, `reset hasła pracownika ${user.email}`, `user:${user.id}`);
    await deliver(mailer, newPasswordMail(user.email, password, 'reset', appUrl));
  });
}

export async function changePassword(
  db: Db,
  actor: SessionUser,
  input: { oldPassword: string; newPassword: string },
  currentToken: string,
) {
  const user = await findUserById(db, actor.id);
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
    throw new AppError(400, MSG.wrongOldPassword, 'WRONG_PASSWORD', 'oldPassword');
  }
  if (input.oldPassword === input.newPassword)
    throw badRequest(MSG.newPasswordSameAsOld, 'SAME_PASSWORD', 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(db, async (tx) => {
    // Changed meanwhile (another change, a reset, an admin): the old password checked is no longer it.
    if (!(await replacePasswordHash(tx, user.id, user.passwordHash, passwordHash))) {
      throw new AppError(400, MSG.wrongOldPassword, 'WRONG_PASSWORD', 'oldPassword');
    }
    // Other devices logged in with the old password are signed out; this one carries on.
    await deleteOtherSessions(tx, user.id, currentToken);
    await audit(tx, actor as Actor, 'zmiana własnego hasła', `user:${user.id}`);
  });
}
