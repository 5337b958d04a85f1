import { groupCodeSchema } from '@server/modules/group-bills/schema';

/**
 * The code of a group bill's link (`{origin}/group/{code}`, the QR on a host's group page) when a
 * scanned text is one of ours; null otherwise (then it is read as a pay link or a foreign QR).
 */
export function groupCodeOfScan(text: string, bachatOrigins: readonly string[]): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (!bachatOrigins.some((o) => o.replace(/\/+$/, '') === url.origin)) return null;
  const match = /^\/group\/([^/]+)\/?$/.exec(url.pathname);
  if (!match) return null;
  const parsed = groupCodeSchema.safeParse(decodeURIComponent(match[1]!));
  return parsed.success ? parsed.data : null;
}
