/**
 * React 19 hoists a page's <title>, <meta> and <link> elements to the front of a server render: takes
 * them off the markup and returns them apart.
 */
export function splitHoisted(html: string): { markup: string; title: string | null; description: string | null } {
  let rest = html;
  let title: string | null = null;
  let description: string | null = null;
  for (;;) {
    const m = /^(?:<title>([\s\S]*?)<\/title>|<meta\b[^>]*>|<link\b[^>]*>)/.exec(rest);
    if (!m) break;
    if (m[1] !== undefined && title === null) title = m[1];
    const desc = /^<meta\s+name="description"\s+content="([^"]*)"/.exec(m[0]);
    if (desc && description === null) description = desc[1]!;
    rest = rest.slice(m[0].length);
  }
  return { markup: rest, title, description };
}

/** The markup of a server render without what React hoisted to its front. */
export const withoutHoisted = (html: string): string => splitHoisted(html).markup;
