/**
 * Imported first by client/app/server-render.tsx: empty Web Storage for the server's render. The
 * session atoms read session storage when their modules load; a server render is a first-time
 * visitor's page, with nothing stored, and nothing is stored during one.
 */
function emptyStorage(): Storage {
  return {
    length: 0,
    clear: () => undefined,
    getItem: () => null,
    key: () => null,
    removeItem: () => undefined,
    setItem: () => undefined,
  };
}

const g = globalThis as { sessionStorage?: Storage; localStorage?: Storage };
g.sessionStorage ??= emptyStorage();
g.localStorage ??= emptyStorage();
