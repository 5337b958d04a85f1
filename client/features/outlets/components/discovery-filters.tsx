import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { DiscoverySort } from '@server/modules/outlets/schema';
import { formatPercent, formatRupeesWhole } from '@client/lib/format';
import {
  COST_RANGES,
  DISCOUNT_STEPS,
  SORT_LABELS,
  SORT_WITHOUT_PLACE,
  activeFilterCount,
  effectiveSort,
  type CostRangeId,
  type DiscoveryParams,
} from '../lib/discovery-params';

type Props = {
  params: DiscoveryParams;
  onChange: (patch: Partial<DiscoveryParams>) => void;
  /** Whether the list is around the shopper's place (their position or an area they chose). */
  placeKnown?: boolean;
};

/**
 * Filters and sort over the list and search results (issue 16): toggles for open now and veg only,
 * native selects (best on phones) for cost for two, a minimum live discount and the order. Every
 * change goes to the URL, so the back button undoes it.
 */
export function DiscoveryFilters({ params, onChange, placeKnown = true }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const sort = effectiveSort(params);
  const sorts: DiscoverySort[] = params.q ? ['relevance', 'distance', 'discount', 'newest'] : ['distance', 'discount', 'newest'];
  const count = activeFilterCount(params);
  // Without a place, "Nearest" would be to nobody: the order says what it is (issue 28).
  const sortLabel = (s: DiscoverySort) =>
    s === 'distance' && !placeKnown
      ? i18n._(count > 0 || params.q ? SORT_WITHOUT_PLACE.fromCentre : SORT_WITHOUT_PLACE.byName)
      : i18n._(SORT_LABELS[s]);
  const costLabel = ({ min, max }: (typeof COST_RANGES)[number]) => {
    const from = min === undefined ? '' : formatRupeesWhole(min);
    const to = max === undefined ? '' : formatRupeesWhole(max);
    if (min === undefined) return t`Under ${to}`;
    if (max === undefined) return t`Over ${from}`;
    return `${from}–${to}`; // ₹300–₹600: figures, no words
  };

  return (
    <div className="filter-bar" role="group" aria-label={t`Filters and sort`}>
      <button type="button" className="chip chip--filter" aria-pressed={params.openNow} onClick={() => onChange({ openNow: !params.openNow })}>
        <span className="chip__dot chip__dot--open" aria-hidden="true" />
        {t({ message: 'Open now', context: 'filter: outlets open at this moment' })}
      </button>
      <button type="button" className="chip chip--filter" aria-pressed={params.veg} onClick={() => onChange({ veg: !params.veg })}>
        <span className="veg-mark" aria-hidden="true" />
        <Trans>Veg only</Trans>
      </button>
      <label className={`chip chip--select${params.cost ? ' chip--active' : ''}`} htmlFor={`${id}-cost`}>
        <span className="visually-hidden">
          <Trans>Cost for two</Trans>
        </span>
        <select
          id={`${id}-cost`}
          value={params.cost ?? ''}
          onChange={(event) => onChange({ cost: (event.target.value || null) as CostRangeId | null })}
        >
          <option value="">{t`Cost for two`}</option>
          {COST_RANGES.map((range) => (
            <option key={range.id} value={range.id}>
              {costLabel(range)}
            </option>
          ))}
        </select>
      </label>
      <label className={`chip chip--select${params.minDiscount ? ' chip--active' : ''}`} htmlFor={`${id}-off`}>
        <span className="visually-hidden">
          <Trans>Discount now</Trans>
        </span>
        <select
          id={`${id}-off`}
          value={params.minDiscount ?? ''}
          onChange={(event) => onChange({ minDiscount: event.target.value ? Number(event.target.value) : null })}
        >
          <option value="">{t`Any discount`}</option>
          {DISCOUNT_STEPS.map((step) => {
            const percent = formatPercent(step);
            return (
              <option key={step} value={step}>
                {t`${percent} off or more`}
              </option>
            );
          })}
        </select>
      </label>
      <label className={`chip chip--select chip--sort${params.sort && params.sort !== sorts[0] ? ' chip--active' : ''}`} htmlFor={`${id}-sort`}>
        <span className="chip__prefix" aria-hidden="true">
          <Trans>Sort:</Trans>
        </span>
        <span className="visually-hidden">
          <Trans>Sort by</Trans>
        </span>
        <select id={`${id}-sort`} value={sort} onChange={(event) => onChange({ sort: event.target.value as DiscoverySort })}>
          {sorts.map((s) => (
            <option key={s} value={s}>
              {sortLabel(s)}
            </option>
          ))}
        </select>
      </label>
      {count > 0 ? (
        <button type="button" className="chip chip--clear" onClick={() => onChange({ openNow: false, veg: false, cost: null, minDiscount: null })}>
          <Trans>Clear filters ({count})</Trans>
        </button>
      ) : null}
    </div>
  );
}

/** List or map (the map is its own chunk, loaded the first time it is shown). */
export function ViewToggle({ view, onChange }: { view: DiscoveryParams['view']; onChange: (view: DiscoveryParams['view']) => void }) {
  const { t } = useLingui();
  return (
    <div className="view-toggle" role="group" aria-label={t`View`}>
      <button type="button" className="view-toggle__btn" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M4 6h16M4 12h16M4 18h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <Trans>List</Trans>
      </button>
      <button type="button" className="view-toggle__btn" aria-pressed={view === 'map'} onClick={() => onChange('map')}>
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2zM9 4v14M15 6v14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        </svg>
        <Trans>Map</Trans>
      </button>
    </div>
  );
}
