import type { Knex } from 'knex';
import { runtime } from '../../lib/runtime.ts';
import type { SearchHistoryEntry, SearchHistoryInput } from './schema.ts';

/** How many recent searches a shopper keeps; older ones are deleted when a new one is recorded. */
export const SEARCH_HISTORY_KEEP = 20;

export interface RecordSearchInput {
  query: string;
  landmark?: string | null;
  state?: string | null;
  locality?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

/** The shopper's most recent searches, newest first (one row per distinct place). */
export async function listSearchHistory(consumerId: number, input: SearchHistoryInput): Promise<SearchHistoryEntry[]> {
  return runtime()
    .db('searchHistory')
    .where({ consumerId })
    .orderBy([
      { column: 'createdAt', order: 'desc' },
      { column: 'id', order: 'desc' },
    ])
    .limit(input.limit)
    .select('id', 'query', 'landmark', 'state', 'locality', 'latitude', 'longitude', 'createdAt');
}

/**
 * Records a search: the same place searched again moves to the top instead of being listed twice, and
 * only the newest SEARCH_HISTORY_KEEP rows are kept. One transaction, so a failure writes nothing.
 */
export async function recordSearch(consumerId: number, entry: RecordSearchInput, trx?: Knex.Transaction): Promise<void> {
  const { db, now } = runtime();
  const work = async (t: Knex.Transaction) => {
    const row = {
      consumerId,
      query: entry.query.slice(0, 200),
      landmark: entry.landmark ?? null,
      state: entry.state ?? null,
      locality: entry.locality ?? null,
      latitude: entry.latitude ?? null,
      longitude: entry.longitude ?? null,
    };
    await t('searchHistory')
      .where({ consumerId })
      .whereRaw('coalesce(locality, \'\') = ? and coalesce(landmark, \'\') = ? and coalesce(state, \'\') = ?', [
        row.locality ?? '',
        row.landmark ?? '',
        row.state ?? '',
      ])
      .delete();
    await t('searchHistory').insert({ ...row, createdAt: now() });
    await t('searchHistory')
      .where({ consumerId })
      .whereNotIn(
        'id',
        t('searchHistory')
          .select('id')
          .where({ consumerId })
          .orderBy([
            { column: 'createdAt', order: 'desc' },
            { column: 'id', order: 'desc' },
          ])
          .limit(SEARCH_HISTORY_KEEP),
      )
      .delete();
  };
  if (trx) await work(trx);
  else await db.transaction(work);
}

/** Forgets every search of the shopper (users, when the account is deleted). */
export async function clearSearchHistory(trx: Knex.Transaction, consumerId: number): Promise<void> {
  await trx('searchHistory').where({ consumerId }).delete();
}
