import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@client/components/ui/button';
import { formatCount } from '@client/lib/format';
import { pagingFigures } from '../lib/paging';

type PagerProps = {
  total: number;
  page: number;
  pageSize?: number;
  /** What the rows are, in the reader's language ("coupons"). */
  noun: string;
  onPage: (page: number) => void;
  busy?: boolean;
};

/** "21–40 of 57 coupons · Page 2 of 3" with previous / next. */
export function Pager({ total, page, pageSize, noun, onPage, busy = false }: PagerProps) {
  const { t } = useLingui();
  const figures = pagingFigures(total, page, pageSize);
  const from = formatCount(figures.from);
  const to = formatCount(figures.to);
  const all = formatCount(figures.total);
  const current = figures.page;
  const pages = figures.totalPages;
  return (
    <nav className="pager" aria-label={t`Pages of ${noun}`}>
      <p className="pager__figures" aria-live="polite">
        {figures.total === 0 ? t`No ${noun}` : t`${from}–${to} of ${all} ${noun}`}
        <span className="pager__page">
          {' '}
          · <Trans>Page {current} of {pages}</Trans>
        </span>
      </p>
      <div className="pager__buttons">
        <Button variant="secondary" size="sm" disabled={!figures.hasPrevious || busy} onClick={() => onPage(figures.page - 1)}>
          <Trans>Previous</Trans>
        </Button>
        <Button variant="secondary" size="sm" disabled={!figures.hasNext || busy} onClick={() => onPage(figures.page + 1)}>
          <Trans>Next</Trans>
        </Button>
      </div>
    </nav>
  );
}
