import { formatTimeOfDay } from '@client/lib/format';
import { useLocale } from '@client/lib/i18n';
import { minutesOf, type SlotDraft } from '../lib/slots';

type DayTimelineProps = {
  slots: readonly Pick<SlotDraft, 'key' | 'startTime' | 'endTime' | 'isEnabled'>[];
  /** Minutes since IST midnight, shown as a marker when the day shown is today. */
  nowMinutes?: number | null;
  label: string;
};

const TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const DAY = 24 * 60;

/** The day at a glance: a 24-hour bar with the slots as blocks and a "now" line. */
export function DayTimeline({ slots, nowMinutes = null, label }: DayTimelineProps) {
  useLocale();
  const blocks = slots.filter(
    (slot) => TIME.test(slot.startTime) && TIME.test(slot.endTime) && minutesOf(slot.endTime) > minutesOf(slot.startTime),
  );
  return (
    <figure className="timeline" aria-label={label}>
      <div className="timeline__bar">
        {blocks.map((slot) => {
          const start = minutesOf(slot.startTime);
          const end = minutesOf(slot.endTime);
          return (
            <span
              key={slot.key}
              className={`timeline__block${slot.isEnabled ? '' : ' timeline__block--off'}`}
              style={{ left: `${(start / DAY) * 100}%`, width: `${((end - start) / DAY) * 100}%` }}
              title={`${formatTimeOfDay(slot.startTime)} – ${formatTimeOfDay(slot.endTime)}`}
            />
          );
        })}
        {nowMinutes !== null ? (
          <span className="timeline__now" style={{ left: `${(nowMinutes / DAY) * 100}%` }} aria-hidden="true" />
        ) : null}
      </div>
      <div className="timeline__ticks" aria-hidden="true">
        {['00:00', '06:00', '12:00', '18:00', '00:00'].map((tick, index) => (
          <span key={index}>{formatTimeOfDay(tick)}</span>
        ))}
      </div>
    </figure>
  );
}
