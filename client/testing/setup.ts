import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor give up after 1 s by default; a loaded 2-core CI machine needs more for lazy pages.
configure({ asyncUtilTimeout: 4000 });

afterEach(() => {
  cleanup();
  // Absent in the few node-environment tests (client/lib/catalogs.test.ts).
  if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
