import type { Knex } from 'knex';

// Categories in Hindi and with drawn icons (docs/i18n.md, issue 17):
// - `name_hi`: the category's Hindi name; the shopper app shows it to Hindi readers (English when empty).
// - `icon` becomes a key of the app's SVG icon set (CATEGORY_ICONS in server/modules/categories/schema.ts)
//   instead of an emoji: without an emoji font every chip rendered an empty box. Known emoji map to
//   their key, anything else to the generic `store`.
const EMOJI_TO_KEY: Record<string, string> = {
  '🍽️': 'utensils',
  '🍽': 'utensils',
  '☕': 'coffee',
  '🧁': 'cake',
  '🍻': 'beer',
  '👗': 'shirt',
  '💍': 'gem',
  '📱': 'smartphone',
  '💇': 'scissors',
  '🏋️': 'dumbbell',
  '🏋': 'dumbbell',
  '🛒': 'shopping-cart',
  '💊': 'pill',
};
const KEYS = ['utensils', 'coffee', 'cake', 'beer', 'shirt', 'gem', 'smartphone', 'scissors', 'dumbbell', 'shopping-cart', 'pill', 'store', 'shopping-bag', 'sparkles', 'car', 'book', 'gift', 'heart-pulse', 'paw-print', 'home'];

export async function up(knex: Knex): Promise<void> {
  await knex.raw('ALTER TABLE categories ADD COLUMN name_hi text NULL');
  for (const [emoji, key] of Object.entries(EMOJI_TO_KEY)) {
    await knex.raw('UPDATE categories SET icon = ? WHERE icon = ?', [key, emoji]);
  }
  await knex.raw(`UPDATE categories SET icon = 'store' WHERE icon NOT IN (${KEYS.map(() => '?').join(', ')})`, KEYS);
}

export async function down(knex: Knex): Promise<void> {
  for (const [emoji, key] of Object.entries(EMOJI_TO_KEY)) {
    await knex.raw('UPDATE categories SET icon = ? WHERE icon = ?', [emoji, key]);
  }
  await knex.raw('ALTER TABLE categories DROP COLUMN name_hi');
}
