import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import type { SessionKind } from '../../db/tables.ts';

/**
 * "Someone's access changed" (issue 27): a doorbell on the realtime bus (server/lib/realtime.ts) rung
 * when a session ends (logout, revocation) and when an account loses sessions or outlets (disabled,
 * password changed, grants replaced). Whatever holds access open for a while listens: the counter's
 * live payment streams re-check their session and outlet at once, in every process, instead of at
 * their next heartbeat. Like every bus message it says only WHO to re-check; the database says whether
 * they still may.
 */
export const ACCESS_TOPIC = 'access';

export type AccessChange = { sessionId: number } | { kind: SessionKind; principalId: number };

/**
 * Rings the doorbell. Inside a transaction (`db` is one), it rings when, and only if, that commits, so
 * a listener re-checking at once reads the committed change.
 */
export async function announceAccessChange(change: AccessChange, db?: Knex): Promise<void> {
  const trx = db && (db as Knex.Transaction).isTransaction ? (db as Knex.Transaction) : undefined;
  await runtime().realtime.publish(ACCESS_TOPIC, change, trx);
}
