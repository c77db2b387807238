import type { DbOrTx } from '../db/database.js';
import { logs } from '../modules/logs/logs.table.js';

export interface Actor {
  email: string;
  firstName?: string;
  lastName?: string;
}

/** Who did it, as the log shows it: "Jan Kowalski (jan@firma.pl)". */
export function actorLabel(actor: Actor | null): string {
  if (!actor) return 'System';
  const name = `${actor.firstName ?? ''} ${actor.lastName ?? ''}`.trim();
  return name ? `${name} (${actor.email})` : actor.email;
}

/**
 * Writes one audit entry. Call it with the transaction that makes the change, so the entry and the
 * change are committed together.
 */
export async function audit(db: DbOrTx, actor: Actor | null, message: string, record?: string) {
  await db.insert(logs).values({
    timestmp: Date.now(),
    formattedMessage: `${actorLabel(actor)}: ${message}`,
    arg0: actor?.email ?? null,
    arg1: record ?? null,
  });
}
