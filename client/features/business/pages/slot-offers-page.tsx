import { useState } from 'react';
import { QueryState, combineQueries } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { AD_LIST_LIMIT } from '../lib/constants';
import type { BusinessPageProps } from '../lib/page-props';
import { DAY_NAMES, DAY_SHORT, istNow, slotsToSave } from '../lib/slots';
import { LiveNowCard } from '../components/live-now-card';
import { SlotEditor } from '../components/slot-editor';
import { BizPage } from '../components/biz-page';

type SlotAdType = 'R' | 'D';

const COPY: Record<SlotAdType, { title: string; lead: string }> = {
  R: {
    title: 'Regular offers',
    lead: 'Your weekly schedule: the slots of each weekday repeat every week. A daily offer or an event running at the same time wins over a regular one.',
  },
  D: {
    title: 'Daily offers',
    lead: 'Happy hours for a weekday: they win over regular offers while they run. Set one for a quiet hour and shoppers nearby see it live.',
  },
};

const capitalise = (day: string) => day.charAt(0).toUpperCase() + day.slice(1);

/** promotion-organizer/regular-offers and daily-offers: weekly time slots per weekday (SPEC §3 Scheduler). */
export function SlotOffersPage({ outletId, adType }: BusinessPageProps & { adType: SlotAdType }) {
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
  const dayLabel = capitalise(DAY_NAMES[day - 1] ?? 'monday');

  return (
    <BizPage
      title={`${copy.title} · Promotion organizer · Bachat for Business`}
      description={`Schedule ${copy.title.toLowerCase()} by the hour for your outlet on Bachat.`}
      heading={copy.title}
      lead={copy.lead}
    >

      <LiveNowCard outletId={id} />

      <div className="day-picker" role="tablist" aria-label="Day of the week">
        {DAY_SHORT.map((short, index) => {
          const iso = index + 1;
          return (
            <button
              key={short}
              type="button"
              role="tab"
              aria-selected={iso === day}
              aria-label={`${capitalise(DAY_NAMES[index] ?? '')}${iso === now.isoDay ? ' (today)' : ''}`}
              className="day-picker__day"
              onClick={() => setDay(iso)}
            >
              <span>{short}</span>
              {iso === now.isoDay ? <span className="day-picker__today">Today</span> : null}
            </button>
          );
        })}
      </div>

      <QueryState query={combineQueries(slots, ads)} loadingLabel="Loading time slots" errorMessage="We couldn't load the time slots.">
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
