import { describe, expect, it } from 'vitest';
import { isOpenAt, istMoment, liveOfferAt, scheduledOffersOn, type OfferInputs, type SlotInput } from './rules.ts';

// 2026-11-21 is a Saturday (ISO 6); IST = UTC+05:30.
const ist = (date: string, time: string) => new Date(`${date}T${time}:00+05:30`);

function slot(over: Partial<SlotInput> & Pick<SlotInput, 'id' | 'adType'>): SlotInput {
  return {
    dayOfWeek: 6,
    slotDate: null,
    startsAt: '15:00:00',
    endsAt: '18:00:00',
    discountPercent: 20,
    isEnabled: true,
    promotion: { id: over.id * 10, title: `Promo ${over.id}`, description: null, discountPercent: 20, startsOn: null, endsOn: null, isEnabled: true },
    event: null,
    ...over,
  };
}

const inputs = (over: Partial<OfferInputs> = {}): OfferInputs => ({
  outletId: 1,
  base: { discountPercent: 10, isLive: true },
  dayDiscounts: [],
  slots: [],
  ...over,
});

describe('istMoment', () => {
  it('uses the IST calendar whatever the instant', () => {
    expect(istMoment(new Date('2026-11-21T18:29:00Z'))).toMatchObject({ date: '2026-11-21', dayOfWeek: 6 });
    expect(istMoment(new Date('2026-11-21T18:30:00Z'))).toMatchObject({ date: '2026-11-22', dayOfWeek: 7, minutes: 0 });
  });
});

describe('liveOfferAt precedence', () => {
  it('base discount when nothing else runs; none when it is switched off', () => {
    expect(liveOfferAt(inputs(), ist('2026-11-21', '10:00'))).toMatchObject({ source: 'base', discountPercent: 10 });
    expect(liveOfferAt(inputs({ base: { discountPercent: 10, isLive: false } }), ist('2026-11-21', '10:00'))).toBeNull();
  });

  it('day discount beats base, timed slots beat the day discount, event > daily > regular', () => {
    const data = inputs({
      dayDiscounts: [{ dayOfWeek: 6, discountPercent: 15, isActive: true }],
      slots: [
        slot({ id: 1, adType: 'R', startsAt: '12:00:00', endsAt: '20:00:00', discountPercent: 30 }),
        slot({ id: 2, adType: 'D', startsAt: '15:00:00', endsAt: '18:00:00', discountPercent: 25 }),
        slot({
          id: 3,
          adType: 'E',
          dayOfWeek: null,
          slotDate: '2026-11-21',
          startsAt: '17:00:00',
          endsAt: '19:00:00',
          discountPercent: 22,
          event: { id: 7, name: 'Live Music Night', colorHash: '#112233', eventDate: '2026-11-21', isEnabled: true },
        }),
      ],
    });
    expect(liveOfferAt(data, ist('2026-11-21', '10:00'))).toMatchObject({ source: 'day', discountPercent: 15 });
    expect(liveOfferAt(data, ist('2026-11-21', '12:30'))).toMatchObject({ source: 'regular', discountPercent: 30, slotId: 1 });
    expect(liveOfferAt(data, ist('2026-11-21', '16:00'))).toMatchObject({ source: 'daily', discountPercent: 25, endsAt: '18:00' });
    const event = liveOfferAt(data, ist('2026-11-21', '17:30'));
    expect(event).toMatchObject({ source: 'event', adType: 'E', discountPercent: 22, startsAt: '17:00', endsAt: '19:00' });
    expect(event!.validUntil.toISOString()).toBe('2026-11-21T13:30:00.000Z');
    // The slot end is exclusive.
    expect(liveOfferAt(data, ist('2026-11-21', '20:00'))).toMatchObject({ source: 'day' });
  });

  it('within one level the higher percent wins, then the earlier start, then the lower id', () => {
    const data = inputs({
      slots: [
        slot({ id: 5, adType: 'D', startsAt: '15:00:00', discountPercent: 20 }),
        slot({ id: 4, adType: 'D', startsAt: '15:30:00', discountPercent: 20 }),
        slot({ id: 3, adType: 'D', startsAt: '16:00:00', discountPercent: 18 }),
      ],
    });
    expect(liveOfferAt(data, ist('2026-11-21', '16:15'))?.slotId).toBe(5);
  });

  it('ignores disabled slots and promotions, promotions out of their date range, disabled or other-day events and highlights', () => {
    const at = ist('2026-11-21', '16:00');
    const cases: SlotInput[] = [
      slot({ id: 1, adType: 'D', isEnabled: false }),
      slot({ id: 2, adType: 'D', promotion: { id: 2, title: 'x', description: null, discountPercent: 20, startsOn: null, endsOn: null, isEnabled: false } }),
      slot({ id: 3, adType: 'D', promotion: { id: 3, title: 'x', description: null, discountPercent: 20, startsOn: '2026-11-22', endsOn: null, isEnabled: true } }),
      slot({ id: 4, adType: 'D', promotion: { id: 4, title: 'x', description: null, discountPercent: 20, startsOn: null, endsOn: '2026-11-20', isEnabled: true } }),
      slot({ id: 5, adType: 'D', dayOfWeek: 5 }),
      slot({ id: 6, adType: 'E', dayOfWeek: null, slotDate: '2026-11-21', event: { id: 1, name: 'x', colorHash: '#000000', eventDate: '2026-11-21', isEnabled: false } }),
      slot({ id: 7, adType: 'E', dayOfWeek: null, slotDate: '2026-11-22', event: { id: 1, name: 'x', colorHash: '#000000', eventDate: '2026-11-22', isEnabled: true } }),
      slot({ id: 8, adType: 'Highlight' }),
    ];
    for (const s of cases) {
      expect(liveOfferAt(inputs({ slots: [s] }), at), `slot ${s.id}`).toMatchObject({ source: 'base' });
    }
  });

  it('changes day at IST midnight, not at UTC midnight or the server zone', () => {
    const data = inputs({
      base: null,
      dayDiscounts: [
        { dayOfWeek: 6, discountPercent: 12, isActive: true },
        { dayOfWeek: 7, discountPercent: 18, isActive: true },
      ],
    });
    // 23:59 IST Saturday is 18:29 UTC; 00:01 IST Sunday is 18:31 UTC on the same UTC day.
    const sat = liveOfferAt(data, new Date('2026-11-21T18:29:00Z'));
    expect(sat).toMatchObject({ source: 'day', discountPercent: 12 });
    expect(sat!.validUntil.toISOString()).toBe('2026-11-21T18:30:00.000Z');
    expect(liveOfferAt(data, new Date('2026-11-21T18:31:00Z'))).toMatchObject({ source: 'day', discountPercent: 18 });
  });
});

describe('scheduledOffersOn', () => {
  const data = inputs({
    slots: [
      slot({ id: 1, adType: 'R', startsAt: '08:00:00', endsAt: '11:00:00' }),
      slot({ id: 2, adType: 'D', startsAt: '15:00:00', endsAt: '18:00:00' }),
      slot({ id: 3, adType: 'D', dayOfWeek: 7, startsAt: '12:00:00', endsAt: '14:00:00' }),
    ],
  });
  it('today: leaves out slots already over, marks the running one live', () => {
    const list = scheduledOffersOn(data, '2026-11-21', ist('2026-11-21', '16:00'));
    expect(list.map((o) => [o.id, o.status])).toEqual([[2, 'live']]);
    expect(scheduledOffersOn(data, '2026-11-21', ist('2026-11-21', '07:00')).map((o) => [o.id, o.status])).toEqual([
      [1, 'upcoming'],
      [2, 'upcoming'],
    ]);
  });
  it('tomorrow: everything that day, upcoming', () => {
    expect(scheduledOffersOn(data, '2026-11-22', ist('2026-11-21', '23:00')).map((o) => [o.id, o.status])).toEqual([[3, 'upcoming']]);
  });
});

describe('isOpenAt', () => {
  it('handles hours past midnight', () => {
    expect(isOpenAt('11:00:00', '01:00:00', ist('2026-11-21', '00:30'))).toBe(true);
    expect(isOpenAt('11:00:00', '01:00:00', ist('2026-11-21', '02:00'))).toBe(false);
    expect(isOpenAt('09:00:00', '21:00:00', ist('2026-11-21', '21:00'))).toBe(false);
    expect(isOpenAt('00:00:00', '23:59:00', ist('2026-11-21', '23:59'))).toBe(true);
  });
});
