import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { LiveAdRow } from '@server/modules/dashboards/schema';
import { AD_TYPE_LABELS, DASHBOARD_PAGE_SIZE } from '../lib/constants';
import { formatDayMonth, formatPercent, formatTimeOfDay } from '@client/lib/format';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { LiveNowCard } from '../components/live-now-card';
import { Pager } from '../components/pager';

/** SPEC §8 (`i18n._` it). */
const LIVE_ADS_FAILED = msg`An error occurred while fetching live ads`;
const STATUS_LABELS = {
  live: msg`Live now`,
  scheduled: msg`Scheduled`,
  off: msg({ message: 'Off', comment: 'An ad that is not running and not scheduled' }),
} as const;

/** dashboard/live-ads: every ad with whether it runs now, when next, or not at all. */
export function LiveAdsPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const [page, setPage] = useState(1);
  const adMeta = (ad: LiveAdRow): string => {
    const percent = ad.discountPercent != null ? formatPercent(ad.discountPercent, { decimals: 1, trim: false }) : null;
    const discount = percent ? t`${percent} off` : t`No discount of its own`;
    if (!ad.startTime || !ad.endTime) return discount;
    const from = formatTimeOfDay(ad.startTime);
    const to = formatTimeOfDay(ad.endTime);
    const day = ad.slotDate ? formatDayMonth(ad.slotDate) : null;
    return day ? t`${discount} · ${day}, ${from} – ${to}` : t`${discount} · ${from} – ${to}`;
  };
  const query = trpc.dashboards.liveAds.useQuery({ outletId: id, offSet: page, limit: DASHBOARD_PAGE_SIZE }, { placeholderData: (previous) => previous });
  return (
    <BizPage
      title={t`Live ads · Dashboard · Bachat for Business`}
      description={t`Which of your ads are live now and which are scheduled next.`}
      heading={t`Live ads`}
      lead={t`What runs now and what runs next, in India time.`}
    >
      <LiveNowCard outletId={id} />
      <QueryState
        query={query}
        loadingLabel={t`Loading live ads`}
        errorMessage={i18n._(LIVE_ADS_FAILED)}
        isEmpty={(liveAds) => liveAds.data.length === 0}
        empty={
          <p className="biz-empty">
            <Trans>No ads yet. Create one in the ad library.</Trans>
          </p>
        }
      >
        {(liveAds) => (
          <>
            <ul className="ad-list">
              {liveAds.data.map((ad) => (
                <li key={ad.advId} className={`ad-item${ad.status === 'off' ? ' ad-item--off' : ''}`}>
                  <div className="ad-item__main">
                    <span className={`ad-type ad-type--${ad.adType}`}>{i18n._(AD_TYPE_LABELS[ad.adType])}</span>
                    <h3 className="ad-item__title">{ad.title}</h3>
                    <p className="ad-item__meta muted">{adMeta(ad)}</p>
                  </div>
                  <span className={`status status--${ad.status}`}>{i18n._(STATUS_LABELS[ad.status])}</span>
                </li>
              ))}
            </ul>
            <Pager total={liveAds.total} page={page} noun={t`ads`} busy={query.isFetching} onPage={setPage} />
          </>
        )}
      </QueryState>
    </BizPage>
  );
}
