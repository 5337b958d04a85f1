import type { Knex } from 'knex';

// Localities are searchable (issue 28): an outlet's search words now hold its locality (address line
// two), so "Jayanagar" finds the outlets there rather than "Did you mean nagar?". The outlets service
// writes the words from now on (`SEARCH_DOCUMENT_SQL` in server/modules/outlets/service.ts); this
// recomputes the stored ones once, with the same text as that service at the time of writing (a
// migration keeps its own copy: it must do the same thing whenever it runs), and adds the new words to
// the vocabulary. One statement over the table: at 1,000,000 outlets it rewrites every row once
// (docs/operations.md).
const DOCUMENT = (withLocality: boolean) => `concat_ws(' ', o.name, ${withLocality ? 'o.address_line_two, ' : ''}c.name,
  array_to_string(o.cuisines, ' '), array_to_string(o.dishes, ' '),
  (SELECT string_agg(m.title, ' ') FROM menus m WHERE m.outlet_id = o.id))`;

async function recompute(knex: Knex, withLocality: boolean): Promise<void> {
  await knex.raw(`UPDATE outlets o SET search_tokens = bachat_search_tokens(${DOCUMENT(withLocality)}) FROM categories c WHERE c.id = o.category_id`);
}

export async function up(knex: Knex): Promise<void> {
  await recompute(knex, true);
  await knex.raw(`
    INSERT INTO search_terms (term)
    SELECT DISTINCT t FROM outlets o, unnest(o.search_tokens) AS t
     WHERE length(t) BETWEEN 2 AND 60
    ON CONFLICT DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  // The vocabulary is insert-only (a word it holds is harmless); the outlets' words go back.
  await recompute(knex, false);
}
