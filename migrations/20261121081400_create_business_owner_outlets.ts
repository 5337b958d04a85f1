import type { Knex } from 'knex';

// Outlet grants for sub-accounts. Masters own through outlets.owner_id and also get a row.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('business_owner_outlets', (t) => {
    t.bigInteger('business_owner_id').notNullable().references('id').inTable('business_owners').onDelete('CASCADE');
    t.bigInteger('outlet_id').notNullable().references('id').inTable('outlets').onDelete('CASCADE');
    t.bigInteger('granted_by_id').nullable().references('id').inTable('business_owners').onDelete('SET NULL');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['business_owner_id', 'outlet_id'], { constraintName: 'business_owner_outlets_pkey' });
    t.index(['outlet_id'], 'business_owner_outlets_outlet_id_index');
    t.index(['granted_by_id'], 'business_owner_outlets_granted_by_id_index');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('business_owner_outlets');
}
