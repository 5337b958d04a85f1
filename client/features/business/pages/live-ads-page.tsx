import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatDayMonth, formatPercent, formatSlotTime } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { LiveNowCard } from '../components/live-now-card';
import { Pager } from '../components/pager';

/** SPEC §8. */
const LIVE_ADS_FAILED = 'An error occurred while fetching live ads';
const TYPE_LABELS = { R: 'Regular', D: 'Daily', E: 'Event', Highlight: 'Highlight' } as const;
const STATUS_LABELS = { live: 'Live now', scheduled: 'Scheduled', off: 'Off' } as const;

/** dashboard/live-ads: every ad with whether it runs now, when next, or not at all. */
export function LiveAdsPage({ outletId }: BusinessPageProps) {
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const query = trpc.dashboards.liveAds.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });
  return (
    <BizPage
      title="Live ads · Dashboard · Bachat for Business"
      description="Which of your ads are live now and which are scheduled next."
      heading="Live ads"
      lead="What runs now and what runs next, in India time."
    >
      <LiveNowCard outletId={id} />
      <QueryState
        query={query}
        loadingLabel="Loading live ads"
        errorMessage={LIVE_ADS_FAILED}
        isEmpty={(liveAds) => liveAds.data.length === 0}
        empty={<p className="biz-empty">No ads yet. Create one in the ad library.</p>}
      >
        {(liveAds) => (
          <>
            <ul className="ad-list">
              {liveAds.data.map((ad) => (
                <li key={ad.advId} className={`ad-item${ad.status === 'off' ? ' ad-item--off' : ''}`}>
                  <div className="ad-item__main">
                    <span className={`ad-type ad-type--${ad.adType}`}>{TYPE_LABELS[ad.adType]}</span>
                    <h3 className="ad-item__title">{ad.title}</h3>
                    <p className="ad-item__meta muted">
                      {ad.discountPercent != null ? `${formatPercent(ad.discountPercent, { decimals: 1, trim: false })} off` : 'No discount of its own'}
                      {ad.startTime && ad.endTime
                        ? ` · ${ad.slotDate ? `${formatDayMonth(ad.slotDate)}, ` : ''}${formatSlotTime(ad.startTime)} – ${formatSlotTime(ad.endTime)}`
                        : ''}
                    </p>
                  </div>
                  <span className={`status status--${ad.status}`}>{STATUS_LABELS[ad.status]}</span>
                </li>
              ))}
            </ul>
            <Pager total={liveAds.total} page={page} noun="ads" busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
