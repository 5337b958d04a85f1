import type { Knex } from 'knex';

// The search vocabulary (issue 16): every word an outlet's search_tokens has held. A shopper's words are
// matched against it first (exact, a prefix of the last word, or a near spelling found by a KNN scan of
// the trigram GiST index), and the outlets are then found by those exact words on
// outlets_search_tokens_idx. Written only by the outlets service, insert-only: a word no outlet uses any
// more costs one index probe that finds nothing. `C` collation: prefixes are btree ranges.
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE search_terms (
      term text COLLATE "C" PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT search_terms_term_check CHECK (length(term) BETWEEN 2 AND 60)
    )`);
  await knex.raw('CREATE INDEX search_terms_term_trgm_idx ON search_terms USING gist (term gist_trgm_ops)');
  await knex.raw(`
    INSERT INTO search_terms (term)
    SELECT DISTINCT t FROM outlets, unnest(search_tokens) AS t WHERE length(t) BETWEEN 2 AND 60
    ON CONFLICT DO NOTHING`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('search_terms');
}
