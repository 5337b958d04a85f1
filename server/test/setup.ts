import { afterAll, beforeAll, beforeEach } from 'vitest';
import { closeTestDatabase, openTestDatabase, resetDatabase } from './database.ts';

/**
 * Call at the top of a test file that needs the database: the file gets its own migrated database,
 * emptied before each test. Files without it (pure units) boot no database at all.
 */
export function useTestDatabase(options: { reset?: boolean } = {}): void {
  beforeAll(async () => {
    await openTestDatabase();
  }, 120_000);
  if (options.reset !== false) {
    beforeEach(async () => {
      await resetDatabase();
    });
  }
  afterAll(async () => {
    await closeTestDatabase();
  });
}
