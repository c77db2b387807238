import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { audit } from './plugins/audit.js';
import { UNIQUE_VIOLATION, hasPgCode } from './lib/pg-error.js';
import { inTransaction } from './lib/transaction.js';
import { generatePassword, hashPassword } from './modules/auth/password.js';
import { countUsers, insertUser } from './modules/users/users.repository.js';

/** On an empty database, creates the first administrator. Does nothing once employees exist. */
export async function ensureFirstAdmin(db: Db, config: Config, log: FastifyBaseLogger) {
  if ((await countUsers(db)) > 0) return;
  const password = config.ADMIN_PASSWORD ?? generatePassword(16);
  const passwordHash = await hashPassword(password);
  const created = await inTransaction(db, async (tx) => {
    // A second process starting at the same moment may have won; the unique e-mail index decides.
    if ((await countUsers(tx)) > 0) return false;
    const row = await insertUser(tx, {
      userName: 'Administrator',
      firstName: 'Administrator',
      lastName: '',
      email: config.ADMIN_EMAIL.toLowerCase(),
      passwordHash,
      roles: ['ADMIN'],
    });
    await audit(tx, null, `utworzenie pierwszego administratora ${row.email}`, `user:${row.id}`);
    return true;
  }).catch((error: unknown) => {
    // Another process created the same admin first: fine. Anything else must stop the start.
    if (hasPgCode(error, UNIQUE_VIOLATION)) return false;
    throw error;
  });
  if (!created) return;
  if (config.ADMIN_PASSWORD) {
    log.info(`Utworzono pierwszego administratora ${config.ADMIN_EMAIL} z hasłem z ADMIN_PASSWORD.`);
  } else {
    // Printed once, on purpose: this is the only way the operator learns it.
    const banner = [
      '',
      '==================================================================',
      ` Pierwszy administrator: ${config.ADMIN_EMAIL}`,
      ` Hasło (wyświetlane tylko raz): ${password}`,
      '==================================================================',
      '',
    ].join('\n');
    process.stdout.write(banner);
  }
}
