import { Button } from '@client/components/ui/button';
import { formatCount } from '@client/lib/format';
import { pagingFigures } from '../lib/paging';

type PagerProps = { total: number; page: number; pageSize?: number; noun: string; onPage: (page: number) => void; busy?: boolean };

/** "21–40 of 57 coupons · Page 2 of 3" with previous / next. */
export function Pager({ total, page, pageSize, noun, onPage, busy = false }: PagerProps) {
  const figures = pagingFigures(total, page, pageSize);
  return (
    <nav className="pager" aria-label={`${noun} pages`}>
      <p className="pager__figures" aria-live="polite">
        {figures.total === 0 ? `No ${noun}` : `${figures.from}–${figures.to} of ${formatCount(figures.total)} ${noun}`}
        <span className="pager__page"> · Page {figures.page} of {figures.totalPages}</span>
      </p>
      <div className="pager__buttons">
        <Button variant="secondary" size="sm" disabled={!figures.hasPrevious || busy} onClick={() => onPage(figures.page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!figures.hasNext || busy} onClick={() => onPage(figures.page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
