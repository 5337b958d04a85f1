import { fileURLToPath } from 'node:url';

/** The import aliases of every client build; mirrors the `paths` in the root tsconfig.json. */
export const aliases = {
  '@server': fileURLToPath(new URL('../server', import.meta.url)),
  '@client': fileURLToPath(new URL('../client', import.meta.url)),
  '@admin': fileURLToPath(new URL('../admin', import.meta.url)),
};
