import { DASHBOARD_PAGE_SIZE } from './constants';

export type PagingFigures = {
  page: number;
  totalPages: number;
  /** 1-based numbers of the first and last rows on the page (0 and 0 when empty). */
  from: number;
  to: number;
  total: number;
  hasPrevious: boolean;
  hasNext: boolean;
};

/** SPEC §9: total pages = count / 20 rounded up, at least 1. */
export const totalPagesFor = (total: number, pageSize = DASHBOARD_PAGE_SIZE) => Math.max(1, Math.ceil(Math.max(0, total) / pageSize));

/**
 * What a dashboard pager shows for `page` (1-based, as the server's `offSet`; 0 counts as the first)
 * of `total` rows: the page is clamped into 1…totalPages.
 */
export function pagingFigures(total: number, page: number, pageSize = DASHBOARD_PAGE_SIZE): PagingFigures {
  const totalPages = totalPagesFor(total, pageSize);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), totalPages);
  const from = total === 0 ? 0 : (current - 1) * pageSize + 1;
  const to = Math.min(total, current * pageSize);
  return { page: current, totalPages, from, to, total, hasPrevious: current > 1, hasNext: current < totalPages };
}
