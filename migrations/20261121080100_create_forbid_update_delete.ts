import type { Knex } from 'knex';

// One trigger function shared by the append-only money tables (golden_key_ledger, ledger_entries):
// a `BEFORE UPDATE OR DELETE` row trigger calls it and the statement fails.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION forbid_update_delete() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'table % is append-only: % is not allowed', TG_TABLE_NAME, TG_OP
        USING ERRCODE = 'P0001', HINT = 'insert a correcting row instead';
    END;
    $$
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP FUNCTION forbid_update_delete()');
}
