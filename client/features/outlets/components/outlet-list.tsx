import { Select, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react';
import type { OutletCard as OutletCardData } from '@server/modules/outlets/schema';
import { Button } from '@client/components/ui/button';
import { InlineError } from '@client/components/ui/inline-error';
import { Spinner } from '@client/components/ui/spinner';
import { formatCount, pluralForm } from '@client/lib/format';
import { OutletCard, OutletCardSkeleton } from './outlet-card';

type OutletListProps = {
  outlets: readonly OutletCardData[];
  isPending: boolean;
  error: string | null;
  onRetry: () => void;
  hasMore: boolean;
  isFetchingMore: boolean;
  /** Resolves to a message when the request was refused ("Already fetching"). */
  onLoadMore?: () => Promise<string | null>;
  emptyText: string;
  /** Shown under the empty text (e.g. "Clear filters"). */
  emptyAction?: ReactNode;
  /** The city the list is about (a search's chosen city): a card elsewhere names its city (issue 28). */
  homeCityId?: number | null;
};

const SKELETONS = 6;

/** The card grid with infinite scroll: a sentinel near the end loads the next page. */
export function OutletList({
  outlets,
  isPending,
  error,
  onRetry,
  hasMore,
  isFetchingMore,
  onLoadMore,
  emptyText,
  emptyAction = null,
  homeCityId = null,
}: OutletListProps) {
  const { t } = useLingui();
  const sentinel = useRef<HTMLDivElement | null>(null);
  const shown = outlets.length;
  const shownCount = formatCount(shown);
  const shownForm = pluralForm(shown);
  const [notice, setNotice] = useState<string | null>(null);
  const onVisible = useEffectEvent(() => void onLoadMore?.());

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '600px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, outlets.length]);

  if (isPending) {
    return (
      <div className="outlet-grid" role="status" aria-label={t`Loading outlets`}>
        {Array.from({ length: SKELETONS }, (_, i) => (
          <OutletCardSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (error && outlets.length === 0) {
    return <InlineError message={error} onRetry={onRetry} />;
  }

  if (outlets.length === 0) {
    return (
      <div className="outlet-list__empty">
        <p>{emptyText}</p>
        {emptyAction}
      </div>
    );
  }

  return (
    <>
      <ul className="outlet-grid" aria-label={t`Outlets`}>
        {outlets.map((outlet, index) => (
          <li key={outlet.id}>
            <OutletCard outlet={outlet} eager={index < 2} showCity={homeCityId !== null && outlet.city.id !== homeCityId} />
          </li>
        ))}
      </ul>
      {error ? <InlineError message={error} onRetry={onRetry} /> : null}
      {hasMore ? (
        <div ref={sentinel} className="outlet-list__more">
          {isFetchingMore ? (
            <Spinner size={40} label={t`Loading more outlets`} />
          ) : (
            <Button
              variant="secondary"
              onClick={() => {
                void onLoadMore?.().then((message) => {
                  setNotice(message);
                });
              }}
            >
              <Trans>Show more outlets</Trans>
            </Button>
          )}
        </div>
      ) : (
        <p className="outlet-list__end muted">
          <Select value={shownForm} _one="That's the only outlet here." other={`You've seen all ${shownCount} outlets here.`} />
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
    </>
  );
}
