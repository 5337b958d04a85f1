import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('..', import.meta.url));

/**
 * `npm test` runs three projects: the server (node, a database per test file), and the client and
 * admin front ends (jsdom; their configs live in client/vite.config.ts and admin/vite.config.ts).
 */
export default defineConfig({
  test: {
    // Vitest's default on a 2-core machine is one worker; the server files spend most of their time
    // waiting on their database, so two run side by side at no cost to each (docs/testing.md).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? Math.max(2, os.availableParallelism())),
    projects: [
      {
        root,
        resolve: {
          alias: {
            '@server': `${root}server`,
          },
        },
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts', 'seeds/**/*.test.ts', 'bench/**/*.test.ts'],
          globalSetup: ['server/test/global-setup.ts'],
          pool: 'forks',
          // A worker keeps its loaded modules from one file to the next (each file still gets its own
          // database): loading the server's module graph again for every file was a quarter of the run.
          // Nothing in a server file may leave module state behind it (docs/testing.md).
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      'client/vite.config.ts',
      'admin/vite.config.ts',
    ],
  },
});
