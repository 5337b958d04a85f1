// Local only (not committed): the suite's config with the server on PostgreSQL, for a busy machine
// where embedded PGlite boots too slowly to start.
import base from './playwright.config.ts';

const servers = Array.isArray(base.webServer) ? base.webServer : [base.webServer!];
export default {
  ...base,
  webServer: servers.map((s) =>
    s.env && 'DATABASE_URL' in s.env ? { ...s, timeout: 300_000, env: { ...s.env, DATABASE_URL: process.env.UIFIX_DATABASE_URL! } } : s,
  ),
};
