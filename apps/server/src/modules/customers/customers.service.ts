import {
  DELETION_TEXT,
  CUSTOMER_AUDIT_FIELDS,
  MSG,
  type CustomerInsert,
  type CustomerUpdate,
  type SessionUser,
} from '@serwis/domain';
import type { Db } from '../../db/database.js';
import { audit } from '../../plugins/audit.js';
import { conflict, forbidden, notFound } from '../../lib/app-error.js';
import { inTransaction } from '../../lib/transaction.js';
import { auditChanges, fieldsNamed, yesNo } from '../../lib/audit-changes.js';

import {
  countCustomerDependants,
  deleteCustomer,
  findCustomerById,
  findCustomerByShortName,
  insertCustomer,
  updateCustomer,
  type CustomerRow,
} from './customers.repository.js';
import { toCustomer } from './customers.mapper.js';
import { FOREIGN_KEY_VIOLATION, UNIQUE_VIOLATION, hasPgCode } from '../../lib/pg-error.js';

/** Only the database is written: a save ended by a deadlock runs again. */
const RETRY = { retryOnDeadlock: true };

const label = (row: { shortName: string; id: number }) => `${row.shortName} (id ${row.id})`;

/** What an edit's entry names when it changed, as the customer form names it. */
const EDITED_FIELDS = fieldsNamed<CustomerRow>(CUSTOMER_AUDIT_FIELDS, { inspectionNotices: yesNo });

/** Two saves of the same name at once: the unique index decides, the user gets the spec's message. */
async function withNameGuard<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (hasPgCode(error, UNIQUE_VIOLATION))
      throw conflict(MSG.customerExists, 'CUSTOMER_EXISTS', 'shortName');
    throw error;
  }
}

export async function createCustomer(db: Db, actor: SessionUser, input: CustomerInsert) {
  if (await findCustomerByShortName(db, input.shortName)) {
    throw conflict(MSG.customerExists, 'CUSTOMER_EXISTS', 'shortName');
  }
  return withNameGuard(() =>
    inTransaction(db, async (tx) => {
      const row = await insertCustomer(tx, input);
      await audit(tx, actor, `dodanie kontrahenta ${label(row)}`, `customer:${row.id}`);
      return toCustomer(row);
    }),
  );
}

export async function editCustomer(db: Db, actor: SessionUser, input: CustomerUpdate) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  const { id, ...values } = input;
  if (!(await findCustomerById(db, id))) throw notFound(MSG.customerNotFound);
  if (await findCustomerByShortName(db, values.shortName, id)) {
    throw conflict(MSG.customerExists, 'CUSTOMER_EXISTS', 'shortName');
  }
  return withNameGuard(() =>
    inTransaction(
      db,
      async (tx) => {
        const before = await findCustomerById(tx, id);
        const row = await updateCustomer(tx, id, values);
        if (!before || !row) throw notFound(MSG.customerNotFound);
        // What changed, the old short name among it (a search of the log finds it); nothing changed, no entry.
        const changes = auditChanges(before, row, EDITED_FIELDS);
        if (changes.length) {
          await audit(
            tx,
            actor,
            `edycja kontrahenta ${label(row)}: ${changes.join(', ')}`,
            `customer:${row.id}`,
          );
        }
        return toCustomer(row);
      },
      RETRY,
    ),
  );
}

export async function removeCustomer(db: Db, actor: SessionUser, id: number) {
  if (!actor.isAdmin) throw forbidden(MSG.forbidden);
  const existing = await findCustomerById(db, id);
  if (!existing) throw notFound(MSG.customerNotFound);
  try {
    await inTransaction(db, async (tx) => {
      if ((await countCustomerDependants(tx, id)) > 0) throw conflict(DELETION_TEXT.customerInUse, 'IN_USE');
      await deleteCustomer(tx, id);
      await audit(tx, actor, `usunięcie kontrahenta ${label(existing)}`, `customer:${id}`);
    });
  } catch (error) {
    // A machine added between the check and the delete: the foreign key refuses it.
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw conflict(DELETION_TEXT.customerInUse, 'IN_USE');
    throw error;
  }
}
