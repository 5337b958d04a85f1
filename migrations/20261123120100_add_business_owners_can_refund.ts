import type { Knex } from 'knex';

// Owner refunds (docs/business.md, "Refunds"): a master account may always refund payments at its
// outlets; a sub-account only when its master allows it (set with the sub-account, like its outlets).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('business_owners', (t) => {
    t.boolean('can_refund').notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('business_owners', (t) => {
    t.dropColumn('can_refund');
  });
}
