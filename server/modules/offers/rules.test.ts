import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isOpenAt, istMoment, liveOfferAt, nextOfferToday, scheduledOffersOn, timeToMinutes, type OfferInputs, type SlotInput } from './rules.ts';

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
    // The daily slot runs to 18:00 but the event takes over at 17:00: that is when it stops being live.
    expect(liveOfferAt(data, ist('2026-11-21', '16:00'))).toMatchObject({ source: 'daily', discountPercent: 25, endsAt: '17:00' });
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

describe('offers shown truthfully (issue 16): the precedence decides what a list calls live or later', () => {
  const event = (id: number, startsAt: string, endsAt: string) =>
    slot({
      id,
      adType: 'E',
      dayOfWeek: null,
      slotDate: '2026-11-21',
      startsAt,
      endsAt,
      discountPercent: 12,
      event: { id: 9, name: 'Live Music Night', colorHash: '#7C3AED', eventDate: '2026-11-21', isEnabled: true },
    });
  // A regular lunch-to-dinner offer, a happy hour inside it, and an event that swallows the evening.
  const data = inputs({
    slots: [
      slot({ id: 1, adType: 'R', startsAt: '12:00:00', endsAt: '23:00:00', discountPercent: 30 }),
      slot({ id: 2, adType: 'D', startsAt: '19:00:00', endsAt: '20:00:00', discountPercent: 40 }),
      event(3, '18:00:00', '21:00:00'),
    ],
  });

  it('does not list as later an offer a running event will override', () => {
    const list = scheduledOffersOn(data, '2026-11-21', ist('2026-11-21', '18:30'));
    expect(list.map((o) => o.id)).toEqual([3, 1]);
    expect(list.find((o) => o.id === 2)).toBeUndefined();
    expect(list[0]).toMatchObject({ id: 3, status: 'live', startsAt: '18:00', endsAt: '21:00' });
    // The regular offer applies again after the event, and only then.
    expect(list[1]).toMatchObject({ id: 1, status: 'upcoming', startsAt: '21:00', endsAt: '23:00', slotStartsAt: '12:00', slotEndsAt: '23:00' });
    expect(list[1]!.windows).toEqual([{ startsAt: '21:00', endsAt: '23:00' }]);
  });

  it('lists every window of an offer a stronger one interrupts', () => {
    const list = scheduledOffersOn(data, '2026-11-21', ist('2026-11-21', '09:00'));
    const regular = list.find((o) => o.id === 1)!;
    expect(regular.windows).toEqual([
      { startsAt: '12:00', endsAt: '18:00' },
      { startsAt: '21:00', endsAt: '23:00' },
    ]);
    expect(regular).toMatchObject({ startsAt: '12:00', endsAt: '23:00', status: 'upcoming' });
  });

  it('the live offer ends when a stronger one starts, and resumes after it', () => {
    const lunch = liveOfferAt(data, ist('2026-11-21', '13:00'));
    expect(lunch).toMatchObject({ source: 'regular', slotId: 1, endsAt: '18:00' });
    expect(lunch!.validUntil.toISOString()).toBe('2026-11-21T12:30:00.000Z');
    expect(liveOfferAt(data, ist('2026-11-21', '19:30'))).toMatchObject({ source: 'event', slotId: 3 });
    expect(liveOfferAt(data, ist('2026-11-21', '21:30'))).toMatchObject({ source: 'regular', slotId: 1, endsAt: '23:00' });
    // The base discount is live until the first slot starts.
    const morning = liveOfferAt(data, ist('2026-11-21', '09:00'));
    expect(morning).toMatchObject({ source: 'base' });
    expect(morning!.validUntil.toISOString()).toBe('2026-11-21T06:30:00.000Z');
  });

  it('"Next today" is the next window to start, not a slot the event hides', () => {
    const at = ist('2026-11-21', '18:30');
    const next = nextOfferToday(scheduledOffersOn(data, '2026-11-21', at), at);
    expect(next).toMatchObject({ id: 1, startsAt: '21:00', endsAt: '23:00', status: 'upcoming' });
    const noon = ist('2026-11-21', '11:00');
    expect(nextOfferToday(scheduledOffersOn(data, '2026-11-21', noon), noon)).toMatchObject({ id: 1, startsAt: '12:00', endsAt: '18:00' });
    const late = ist('2026-11-21', '22:00');
    expect(nextOfferToday(scheduledOffersOn(data, '2026-11-21', late), late)).toBeNull();
  });

  it('agrees with liveOfferAt at every minute: the offer listed live is the one shoppers get', () => {
    const slotArb = fc
      .record({
        id: fc.integer({ min: 1, max: 50 }),
        adType: fc.constantFrom('R' as const, 'D' as const, 'E' as const),
        start: fc.integer({ min: 0, max: 46 }),
        length: fc.integer({ min: 1, max: 20 }),
        pct: fc.integer({ min: 1, max: 60 }),
      })
      .map(({ id, adType, start, length, pct }) => {
        const time = (half: number) => `${String(Math.floor(half / 2)).padStart(2, '0')}:${half % 2 ? '30' : '00'}:00`;
        return adType === 'E'
          ? event(id, time(start), time(Math.min(start + length, 47)))
          : slot({ id, adType, startsAt: time(start), endsAt: time(Math.min(start + length, 47)), discountPercent: pct });
      });
    fc.assert(
      fc.property(fc.uniqueArray(slotArb, { selector: (s) => s.id, maxLength: 6 }), fc.integer({ min: 0, max: 1439 }), (slots, minute) => {
        const data = inputs({ slots });
        const at = new Date(ist('2026-11-21', '00:00').getTime() + minute * 60_000);
        const live = liveOfferAt(data, at);
        const listedLive = scheduledOffersOn(data, '2026-11-21', at).filter((o) => o.status === 'live');
        if (live?.slotId) {
          expect(listedLive.map((o) => o.id)).toEqual([live.slotId]);
          const window = listedLive[0]!.windows.find((w) => timeToMinutes(w.startsAt) <= minute && minute < timeToMinutes(w.endsAt))!;
          expect(window.endsAt).toBe(live.endsAt);
        } else {
          expect(listedLive).toEqual([]);
        }
      }),
    );
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

describe("the offer's words are the slot's (issue 28)", () => {
  it('a 25 % Saturday slot of a "17% off, Monday to Friday" promotion: the title says 25 %, the contradicting description is left out', () => {
    const happy = slot({
      id: 7,
      adType: 'D',
      discountPercent: 25,
      promotion: {
        id: 70,
        title: 'Happy Hours: 17% off',
        description: 'Monday to Friday, 3 PM – 6 PM, on your total bill.',
        discountPercent: 17,
        startsOn: null,
        endsOn: null,
        isEnabled: true,
      },
    });
    const live = liveOfferAt(inputs({ slots: [happy] }), ist('2026-11-21', '16:00'));
    expect(live).toMatchObject({ discountPercent: 25, title: 'Happy Hours: 25% off' });
    const [listed] = scheduledOffersOn(inputs({ slots: [happy] }), '2026-11-21', ist('2026-11-21', '10:00'));
    expect(listed).toMatchObject({ discountPercent: 25, title: 'Happy Hours: 25% off', description: null });
  });
});
