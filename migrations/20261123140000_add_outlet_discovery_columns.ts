import type { Knex } from 'knex';

// Discovery (issue 16): what shoppers filter and search on.
// - is_veg: a pure-vegetarian outlet ("Veg only" filter).
// - cuisines, dishes: short lists the owner keeps (About) or sales set (back office).
// - search_tokens: the normalised words shoppers' searches match: the outlet's name, its category's
//   name, cuisines, dishes and menu section titles. Written only by the outlets service
//   (refreshSearchTokens), from these columns and the menus; a GIN index answers `&&` (any of these
//   words) with one probe per word.
// bachat_search_words(text) is the one tokenizer, used for documents and queries alike: lower case,
// common Latin accents folded, split on anything but a–z, 0–9 and Devanagari, English plurals folded
// ("bakeries" → "bakery", "dosas" → "dosa"), words of two letters or more, in order.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE FUNCTION bachat_search_words(doc text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(w ORDER BY n), '{}')
        FROM (
          SELECT n, regexp_replace(regexp_replace(t, '^([a-z]{2,})ies$', '\\1y'), '^([a-z]{2,}[^su])s$', '\\1') AS w
            FROM regexp_split_to_table(
                   translate(lower(coalesce(doc, '')),
                             'áàâäãåāçćčéèêëēíìîïīñńóòôöõōøśšúùûüūýÿžÁÀÂÄÃÅĀÇĆČÉÈÊËĒÍÌÎÏĪÑŃÓÒÔÖÕŌØŚŠÚÙÛÜŪÝŸŽ',
                             'aaaaaaaccceeeeeiiiiinnooooooossuuuuuyyzaaaaaaaccceeeeeiiiiinnooooooossuuuuuyyz'),
                   '[^a-z0-9\\u0900-\\u097f]+') WITH ORDINALITY AS s(t, n)
        ) words
       WHERE length(w) >= 2
    $$`);
  await knex.raw(`
    CREATE FUNCTION bachat_search_tokens(doc text) RETURNS text[]
    LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
      SELECT coalesce(array_agg(DISTINCT w ORDER BY w), '{}') FROM unnest(bachat_search_words(doc)) AS w
    $$`);
  await knex.schema.alterTable('outlets', (t) => {
    t.boolean('is_veg').notNullable().defaultTo(false);
    t.specificType('cuisines', 'text[]').notNullable().defaultTo('{}');
    t.specificType('dishes', 'text[]').notNullable().defaultTo('{}');
    t.specificType('search_tokens', 'text[]').notNullable().defaultTo('{}');
    t.check('cardinality(cuisines) <= 12', [], 'outlets_cuisines_count_check');
    t.check('cardinality(dishes) <= 60', [], 'outlets_dishes_count_check');
  });
  await knex.raw('CREATE INDEX outlets_search_tokens_idx ON outlets USING gin (search_tokens) WHERE is_live');
  // Existing outlets: their words now (new writes go through the outlets service).
  await knex.raw(`
    UPDATE outlets o
       SET search_tokens = bachat_search_tokens(concat_ws(' ', o.name, c.name,
             (SELECT string_agg(m.title, ' ') FROM menus m WHERE m.outlet_id = o.id)))
      FROM categories c
     WHERE c.id = o.category_id`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS outlets_search_tokens_idx');
  await knex.schema.alterTable('outlets', (t) => {
    t.dropChecks(['outlets_cuisines_count_check', 'outlets_dishes_count_check']);
    t.dropColumns('is_veg', 'cuisines', 'dishes', 'search_tokens');
  });
  await knex.raw('DROP FUNCTION IF EXISTS bachat_search_tokens(text)');
  await knex.raw('DROP FUNCTION IF EXISTS bachat_search_words(text)');
}
