/**
 * The paths the server answers itself, before the front ends' routes (docs/architecture.md "Request
 * path"). Pure, no imports: the shopper app imports it too, so its outlet pages (`/{city}/{name}`)
 * never take a first segment that belongs to the server (client/app/paths.ts `RESERVED_FIRST_SEGMENTS`).
 */
export const SERVER_PATHS = {
  /** The REST API (SPEC §7), the back office's under /api/admin. */
  api: '/api',
  trpc: '/trpc',
  /** Stored files (local storage driver). */
  uploads: '/uploads',
  /** The builds' hashed files (Vite's assetsDir). */
  assets: '/assets',
  /** The sales back office (dist/admin). */
  backOffice: '/clientpage/sales',
  /** Outlets' pay links, `/p/{code}` (the QR standees; server/modules/pay-links/page.ts). */
  payLinks: '/p',
  health: '/healthz',
  ready: '/readyz',
} as const;

/** Whether `path` is `prefix` or under it. */
export const isUnder = (path: string, prefix: string): boolean => path === prefix || path.startsWith(`${prefix}/`);
