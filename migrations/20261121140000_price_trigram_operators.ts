import type { Knex } from 'knex';

// pg_trgm declares the functions behind its similarity operators (`%`, `<%`, `%>`) at COST 1, as cheap as
// comparing two integers. Each call really extracts and compares two trigram sets: about 2 µs a row
// here, some 200 times an ordinary operator. With that price PostgreSQL planned a search for a common
// word ("kitchen", 2,000 hits in 100,000 outlets) as a sequential scan evaluating the operator on every
// outlet: 217 ms, against 7 ms for a word with no hits on the trigram index (npm run bench -- discovery,
// PostgreSQL). At COST 100 the planner prices the scan honestly and takes the GIN index.
// Changing an extension's function needs its owner; where the database role is not (a managed
// service's trusted extension), the migration says so and leaves the default.
const FUNCTIONS = ['similarity_op(text, text)', 'word_similarity_op(text, text)', 'word_similarity_commutator_op(text, text)'];

function setCost(cost: number): string {
  return `DO $$
BEGIN
  ${FUNCTIONS.map((f) => `ALTER FUNCTION ${f} COST ${cost};`).join('\n  ')}
EXCEPTION WHEN insufficient_privilege THEN
  RAISE NOTICE 'pg_trgm functions keep their default cost: this role does not own them';
END $$`;
}

export async function up(knex: Knex): Promise<void> {
  await knex.raw(setCost(100));
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(setCost(1));
}
