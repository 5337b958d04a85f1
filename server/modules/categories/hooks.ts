import type { ResourceHooks } from '../../admin/engine.ts';
import { refreshCategorySearchTokens } from '../outlets/service.ts';

/**
 * The back office's categories resource: a category's name is part of its outlets' search words
 * (docs/discovery.md "Search"), so a rename recomputes them in the same transaction.
 */
export const categoryHooks: ResourceHooks = {
  async afterUpdate(record, patch, before, { trx }) {
    if (patch.name !== undefined && patch.name !== before.name) await refreshCategorySearchTokens(trx, Number(record.id));
  },
};
