import type { Knex } from 'knex';

// City browse without a location (docs/discovery.md, "Paging"; issue 18): the list's total is read from
// a counter per (city, category) kept by a trigger on outlets, never counted over a city's outlets (at
// 1,000,000 outlets a big city has 200,000: the count was most of the 98 ms the first page took), and a
// category's page is served in order by its own index instead of walking the city's past every other
// category. Counters hold live outlets only; a row of zero is kept (it is one row per pair at most).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('outlet_browse_counts', (t) => {
    t.bigInteger('city_id').notNullable().references('id').inTable('cities').onDelete('CASCADE');
    t.bigInteger('category_id').notNullable().references('id').inTable('categories').onDelete('CASCADE');
    t.bigInteger('live_count').notNullable().defaultTo(0);
    t.primary(['city_id', 'category_id']);
  });
  await knex.raw('ALTER TABLE outlet_browse_counts ADD CONSTRAINT outlet_browse_counts_live_count_check CHECK (live_count >= 0)');
  await knex.raw('CREATE INDEX outlet_browse_counts_category_id_index ON outlet_browse_counts (category_id)');
  await knex.raw(`
    INSERT INTO outlet_browse_counts (city_id, category_id, live_count)
    SELECT city_id, category_id, count(*) FROM outlets WHERE is_live GROUP BY city_id, category_id`);
  await knex.raw(`
    CREATE FUNCTION count_live_outlets() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.is_live THEN
        UPDATE outlet_browse_counts SET live_count = live_count - 1
         WHERE city_id = OLD.city_id AND category_id = OLD.category_id;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.is_live THEN
        INSERT INTO outlet_browse_counts AS b (city_id, category_id, live_count)
        VALUES (NEW.city_id, NEW.category_id, 1)
        ON CONFLICT (city_id, category_id) DO UPDATE SET live_count = b.live_count + 1;
      END IF;
      RETURN NULL;
    END;
    $$`);
  await knex.raw(`
    CREATE TRIGGER outlets_count_live_insert_delete AFTER INSERT OR DELETE ON outlets
    FOR EACH ROW EXECUTE FUNCTION count_live_outlets()`);
  await knex.raw(`
    CREATE TRIGGER outlets_count_live_update AFTER UPDATE OF is_live, city_id, category_id ON outlets
    FOR EACH ROW
    WHEN (OLD.is_live IS DISTINCT FROM NEW.is_live OR OLD.city_id IS DISTINCT FROM NEW.city_id OR OLD.category_id IS DISTINCT FROM NEW.category_id)
    EXECUTE FUNCTION count_live_outlets()`);
  await knex.raw('CREATE INDEX outlets_city_category_name_id_live_index ON outlets (city_id, category_id, name, id) WHERE is_live');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS outlets_city_category_name_id_live_index');
  await knex.raw('DROP TRIGGER IF EXISTS outlets_count_live_update ON outlets');
  await knex.raw('DROP TRIGGER IF EXISTS outlets_count_live_insert_delete ON outlets');
  await knex.raw('DROP FUNCTION IF EXISTS count_live_outlets()');
  await knex.schema.dropTableIfExists('outlet_browse_counts');
}
