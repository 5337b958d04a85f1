import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { GlobalSearchResult } from '@server/modules/outlets/schema';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { selectedCategoryAtom } from '../atoms';
import { useDebounced } from '@client/lib/use-debounced';
import { useDiscoveryParams } from '../hooks/use-discovery-params';
import { formatPercent } from '@client/lib/format';
import { formatDistance } from '../lib/format';
import { instoreHref } from '../lib/links';
import { localName } from '@client/lib/i18n';
import { CategoryIcon } from '@client/components/ui/category-icon';

/** SPEC §8: submitting empty search text (`i18n._` it). */
export const NOTHING_TO_SEARCH = msg`Nothing to search`;
const MIN_CHARS = 2;

type SearchBoxProps = { latitude?: number; longitude?: number };

/**
 * The global search (`outlets.search`): suggestions grouped as outlets, offers and categories or
 * chains while typing; Enter shows the matching outlets in the list below (SPEC §4: a search
 * replaces the cards). The committed text is the URL's `q` (shareable; back returns to the list).
 */
export function SearchBox({ latitude, longitude }: SearchBoxProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [discovery, updateDiscovery] = useDiscoveryParams();
  const committed = discovery.q;
  const setCommitted = (q: string) => updateDiscovery({ q });
  const setCategory = useSetAtom(selectedCategoryAtom);
  const [text, setText] = useState(committed);
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const container = useRef<HTMLDivElement | null>(null);
  const debounced = useDebounced(text.trim(), 250);

  // The committed text changes with the URL (Home, back, a suggestion): the box follows (adjusted while rendering).
  const [seenCommitted, setSeenCommitted] = useState(committed);
  if (committed !== seenCommitted) {
    setSeenCommitted(committed);
    setText(committed);
  }

  const search = trpc.outlets.search.useQuery(
    { searchString: debounced, latitude, longitude },
    { enabled: open && debounced.length >= MIN_CHARS, placeholderData: (previous) => previous },
  );

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setMessage(i18n._(NOTHING_TO_SEARCH));
      return;
    }
    setMessage(null);
    setOpen(false);
    setCommitted(value);
  };

  const clear = () => {
    setText('');
    if (committed) setCommitted('');
    setMessage(null);
  };

  const showPanel = open && debounced.length >= MIN_CHARS;

  return (
    <div className="search" ref={container}>
      <form role="search" className="search__form" onSubmit={submit}>
        <label htmlFor={id} className="visually-hidden">
          <Trans>Search outlets, offers and categories</Trans>
        </label>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className="search__icon">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          className="search__input"
          placeholder={t`Search cafés, restaurants, offers…`}
          autoComplete="off"
          enterKeyHint="search"
          value={text}
          aria-describedby={message ? `${id}-message` : undefined}
          onFocus={() => setOpen(true)}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(true);
            setMessage(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
            if (event.key === 'ArrowDown') {
              const first = container.current?.querySelector<HTMLElement>('.search__item');
              if (first) {
                event.preventDefault();
                first.focus();
              }
            }
          }}
        />
        {text ? (
          <button type="button" className="search__clear" aria-label={t`Clear search`} onClick={clear}>
            ×
          </button>
        ) : null}
        <button type="submit" className="search__submit">
          <Trans>Search</Trans>
        </button>
      </form>
      {message ? (
        <p id={`${id}-message`} className="search__message" role="alert">
          {message}
        </p>
      ) : null}
      {showPanel ? (
        <div
          className="search__panel"
          role="region"
          aria-label={t`Search suggestions`}
          onKeyDown={(event) => {
            // Arrow keys move between suggestions; Escape returns to the box.
            const items = [...(container.current?.querySelectorAll<HTMLElement>('.search__item') ?? [])];
            const index = items.indexOf(document.activeElement as HTMLElement);
            if (event.key === 'ArrowDown' && index >= 0) {
              event.preventDefault();
              items[Math.min(index + 1, items.length - 1)]?.focus();
            } else if (event.key === 'ArrowUp' && index >= 0) {
              event.preventDefault();
              if (index === 0) container.current?.querySelector<HTMLInputElement>('input')?.focus();
              else items[index - 1]?.focus();
            } else if (event.key === 'Escape') {
              setOpen(false);
              container.current?.querySelector<HTMLInputElement>('input')?.focus();
            }
          }}
        >
          <QueryState
            query={search}
            loading={
              <p className="search__status" role="status">
                <Trans>Searching…</Trans>
              </p>
            }
            errorView={() => (
              <p className="search__status" role="alert">
                <Trans>Search isn't working right now. Try again.</Trans>
              </p>
            )}
          >
            {(result) => (
              <SearchResults
                result={result}
                onPick={() => setOpen(false)}
                onCategory={(slug) => {
                  setCategory(slug);
                  clear();
                  setOpen(false);
                }}
              />
            )}
          </QueryState>
        </div>
      ) : null}
    </div>
  );
}

function SearchResults({
  result,
  onPick,
  onCategory,
}: {
  result: GlobalSearchResult;
  onPick: () => void;
  onCategory: (slug: string) => void;
}) {
  const { t } = useLingui();
  const { outletResult, advertisementResult, businessResult } = result;
  if (outletResult.length + advertisementResult.length + businessResult.length === 0) {
    return (
      <p className="search__status" role="status">
        <Trans>No matches. Try another name or area.</Trans>
      </p>
    );
  }
  return (
    <>
      {outletResult.length > 0 ? (
        <section className="search__group" aria-label={t`Outlets`}>
          <h3 className="search__group-title">
            <Trans>Outlets</Trans>
          </h3>
          <ul>
            {outletResult.map((outlet) => (
              <li key={outlet.id}>
                <Link href={instoreHref(outlet)} className="search__item" onClick={onPick}>
                  <span className="search__item-main">
                    <span className="search__item-title">{outlet.name}</span>
                    <span className="search__item-sub">
                      {localName(outlet.category)} · {outlet.locality}, {localName(outlet.city)}
                    </span>
                  </span>
                  <span className="search__item-side">
                    {outlet.liveOffer ? (
                      <span className="search__pill">
                        <PercentOff percent={formatPercent(outlet.liveOffer.discountPercent, { decimals: 1 })} />
                      </span>
                    ) : null}
                    {formatDistance(outlet.distanceKm)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {advertisementResult.length > 0 ? (
        <section className="search__group" aria-label={t`Offers`}>
          <h3 className="search__group-title">
            <Trans>Offers</Trans>
          </h3>
          <ul>
            {advertisementResult.map((ad) => (
              <li key={ad.id}>
                <Link href={instoreHref(ad.outlet)} className="search__item" onClick={onPick}>
                  <span className="search__item-main">
                    <span className="search__item-title">{ad.title}</span>
                    <span className="search__item-sub">
                      {ad.outlet.name} · {ad.outlet.locality}
                    </span>
                  </span>
                  <span className="search__item-side">{formatDistance(ad.distanceKm)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {businessResult.length > 0 ? (
        <section className="search__group" aria-label={t`Categories and brands`}>
          <h3 className="search__group-title">
            <Trans>Categories &amp; brands</Trans>
          </h3>
          <ul>
            {businessResult.map((business) =>
              business.type === 'category' ? (
                <li key={`category-${business.id}`}>
                  <button type="button" className="search__item" onClick={() => onCategory(business.slug)}>
                    <span className="search__item-main">
                      <span className="search__item-title">
                        <CategoryIcon icon={business.icon} size={16} className="search__item-icon" />{' '}
                        {localName(business)}
                      </span>
                      <span className="search__item-sub">
                        <Trans>Category</Trans>
                      </span>
                    </span>
                  </button>
                </li>
              ) : (
                <li key={`chain-${business.id}`}>
                  <Link href={instoreHref(business)} className="search__item" onClick={onPick}>
                    <span className="search__item-main">
                      <span className="search__item-title">{business.name}</span>
                      <span className="search__item-sub">
                        <Branches count={business.branchCount} /> ·{' '}
                        {localName(business.category)}
                      </span>
                    </span>
                  </Link>
                </li>
              ),
            )}
          </ul>
        </section>
      ) : null}
    </>
  );
}

/** "20% off" (a suggestion's live discount). */
function PercentOff({ percent }: { percent: string }) {
  return <Trans comment="A live discount in a search suggestion, e.g. 20% off">{percent} off</Trans>;
}

/** "3 branches" (a chain in the suggestions). */
function Branches({ count }: { count: number }) {
  return <Plural value={count} one="# branch" other="# branches" />;
}
