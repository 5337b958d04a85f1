import { describe, expect, it } from 'vitest';
import { pagingFigures, totalPagesFor } from './paging';

describe('totalPagesFor (SPEC §9: count / 20 rounded up, at least 1)', () => {
  it.each([
    [0, 1],
    [1, 1],
    [20, 1],
    [21, 2],
    [40, 2],
    [1_000_000, 50_000],
  ])('%i rows → %i pages', (count, pages) => {
    expect(totalPagesFor(count)).toBe(pages);
  });
});

describe('pagingFigures', () => {
  it('shows the rows on the page', () => {
    expect(pagingFigures(57, 2)).toEqual({ page: 2, totalPages: 3, from: 21, to: 40, total: 57, hasPrevious: true, hasNext: true });
    expect(pagingFigures(57, 3)).toMatchObject({ from: 41, to: 57, hasNext: false });
  });

  it('is one empty page for no rows', () => {
    expect(pagingFigures(0, 1)).toEqual({ page: 1, totalPages: 1, from: 0, to: 0, total: 0, hasPrevious: false, hasNext: false });
  });

  it('clamps a page out of range (offSet 0 counts as the first)', () => {
    expect(pagingFigures(57, 0).page).toBe(1);
    expect(pagingFigures(57, 9)).toMatchObject({ page: 3, from: 41, to: 57 });
  });
});
