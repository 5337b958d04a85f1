import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { QueryState, combineQueries } from '@client/components/ui/query-state';
import { formatWeekday } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { AD_LIST_LIMIT } from '../lib/constants';
import type { BusinessPageProps } from '../lib/page-props';
import { istNow, slotsToSave } from '../lib/slots';
import { LiveNowCard } from '../components/live-now-card';
import { SlotEditor } from '../components/slot-editor';
import { BizPage } from '../components/biz-page';

type SlotAdType = 'R' | 'D';

const COPY: Record<SlotAdType, { title: MessageDescriptor; pageTitle: MessageDescriptor; description: MessageDescriptor; lead: MessageDescriptor }> = {
  R: {
    title: msg`Regular offers`,
    pageTitle: msg`Regular offers · Promotion organizer · Bachat for Business`,
    description: msg`Schedule regular offers by the hour for your outlet on Bachat.`,
    lead: msg`Your weekly schedule: the slots of each weekday repeat every week. A daily offer or an event running at the same time wins over a regular one.`,
  },
  D: {
    title: msg`Daily offers`,
    pageTitle: msg`Daily offers · Promotion organizer · Bachat for Business`,
    description: msg`Schedule daily offers by the hour for your outlet on Bachat.`,
    lead: msg`Happy hours for a weekday: they win over regular offers while they run. Set one for a quiet hour and shoppers nearby see it live.`,
  },
};

const WEEK = [1, 2, 3, 4, 5, 6, 7] as const;

/** promotion-organizer/regular-offers and daily-offers: weekly time slots per weekday (SPEC §3 Scheduler). */
export function SlotOffersPage({ outletId, adType }: BusinessPageProps & { adType: SlotAdType }) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  // SPEC §3: the scheduler's current day defaults to monday.
  const [day, setDay] = useState(1);
  const now = istNow();
  const utils = trpc.useUtils();

  const ads = trpc.promotions.ads.useQuery({ outletId: id, adType, offset: 0, limit: AD_LIST_LIMIT });
  const slots = trpc.promotions.timeSlots.useQuery({ outletId: id, adType, day });
  const save = trpc.promotions.setTimeSlots.useMutation({
    onSuccess: (result) => {
      utils.promotions.timeSlots.setData({ outletId: id, adType, day }, result);
      void utils.promotions.liveAndScheduled.invalidate({ outletId: id });
    },
  });

  const copy = COPY[adType];
  const dayLabel = formatWeekday(day);

  return (
    <BizPage
      title={i18n._(copy.pageTitle)}
      description={i18n._(copy.description)}
      heading={i18n._(copy.title)}
      lead={i18n._(copy.lead)}
    >
      <LiveNowCard outletId={id} />

      <div className="day-picker" role="tablist" aria-label={t`Day of the week`}>
        {WEEK.map((iso) => {
          const name = formatWeekday(iso);
          return (
            <button
              key={iso}
              type="button"
              role="tab"
              aria-selected={iso === day}
              aria-label={iso === now.isoDay ? t`${name} (today)` : name}
              className="day-picker__day"
              onClick={() => setDay(iso)}
            >
              <span>{formatWeekday(iso, 'short')}</span>
              {iso === now.isoDay ? (
                <span className="day-picker__today">
                  <Trans>Today</Trans>
                </span>
              ) : null}
            </button>
          );
        })}
      </div>

      <QueryState query={combineQueries(slots, ads)} loadingLabel={t`Loading time slots`} errorMessage={t`We couldn't load the time slots.`}>
        {([daySlots, adList]) => (
          <SlotEditor
            key={`${id}-${adType}-${day}`}
            saved={daySlots.timeSlots}
            ads={adList}
            dayLabel={dayLabel}
            nowMinutes={day === now.isoDay ? now.minutes : null}
            saving={save.isPending}
            onSave={(drafts) =>
              save.mutateAsync({
                outletId: id,
                adType,
                day,
                timeSlots: slotsToSave(drafts),
              })
            }
          />
        )}
      </QueryState>
    </BizPage>
  );
}

export const RegularOffersPage = (props: BusinessPageProps) => <SlotOffersPage {...props} adType="R" />;
export const DailyOffersPage = (props: BusinessPageProps) => <SlotOffersPage {...props} adType="D" />;
