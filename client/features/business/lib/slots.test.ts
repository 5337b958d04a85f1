import { describe, expect, it } from 'vitest';
import { SLOT_MESSAGES, istNow, nextFreeSlot, serverSlotErrors, validateSlots, type SlotDraft } from './slots';

const slot = (key: string, startTime: string, endTime: string, extra: Partial<SlotDraft> = {}): SlotDraft => ({
  key,
  startTime,
  endTime,
  advId: null,
  discountPercent: '10',
  isEnabled: true,
  ...extra,
});

describe('validateSlots', () => {
  it('accepts slots that touch but do not overlap, and an end at midnight', () => {
    expect(validateSlots([slot('a', '12:00', '15:00'), slot('b', '15:00', '18:00'), slot('c', '22:00', '24:00')])).toEqual({});
  });

  it('flags an inverted or empty slot on its end time', () => {
    expect(validateSlots([slot('a', '18:00', '17:00')])).toEqual({ a: { endTime: SLOT_MESSAGES.inverted } });
    expect(validateSlots([slot('a', '18:00', '18:00')])).toEqual({ a: { endTime: SLOT_MESSAGES.inverted } });
  });

  it('flags the later of two overlapping slots, whatever order they were entered in', () => {
    expect(validateSlots([slot('late', '14:00', '16:00'), slot('early', '12:00', '15:00')])).toEqual({
      late: { startTime: SLOT_MESSAGES.overlap },
    });
  });

  it('flags a slot inside another', () => {
    expect(validateSlots([slot('outer', '10:00', '20:00'), slot('inner', '12:00', '13:00')])).toEqual({
      inner: { startTime: SLOT_MESSAGES.overlap },
    });
  });

  it('refuses malformed times and a start at 24:00', () => {
    expect(validateSlots([slot('a', '9:00', '25:00')])).toEqual({ a: { startTime: SLOT_MESSAGES.time, endTime: SLOT_MESSAGES.time } });
    expect(validateSlots([slot('a', '24:00', '24:00')]).a?.startTime).toBe(SLOT_MESSAGES.time);
  });

  it('needs a discount: its own, or one from the chosen ad', () => {
    expect(validateSlots([slot('a', '10:00', '11:00', { discountPercent: '' })])).toEqual({
      a: { discountPercent: SLOT_MESSAGES.percentRequired },
    });
    expect(validateSlots([slot('a', '10:00', '11:00', { discountPercent: '', advId: 4 })], (id) => (id === 4 ? 20 : null))).toEqual({});
    expect(validateSlots([slot('a', '10:00', '11:00', { discountPercent: '120' })])).toEqual({ a: { discountPercent: SLOT_MESSAGES.percent } });
  });
});

describe('nextFreeSlot', () => {
  it('starts at the hour of `from` and lasts an hour', () => {
    expect(nextFreeSlot([], 13 * 60 + 40)).toEqual({ startTime: '13:00', endTime: '14:00' });
  });

  it('skips taken time and shortens to fit before the next slot', () => {
    expect(nextFreeSlot([slot('a', '13:00', '14:00'), slot('b', '14:30', '16:00')], 13 * 60)).toEqual({ startTime: '14:00', endTime: '14:30' });
  });

  it('ends at midnight at the latest and wraps to the morning when the evening is full', () => {
    expect(nextFreeSlot([], 23 * 60 + 30)).toEqual({ startTime: '23:00', endTime: '24:00' });
    expect(nextFreeSlot([slot('a', '20:00', '24:00')], 21 * 60)).toEqual({ startTime: '00:00', endTime: '01:00' });
  });

  it('gives null when the day is full', () => {
    expect(nextFreeSlot([slot('a', '00:00', '24:00')], 10 * 60)).toBeNull();
  });
});

describe('serverSlotErrors', () => {
  it('maps timeSlots.N.field onto the Nth row', () => {
    const rows = [slot('a', '10:00', '11:00'), slot('b', '10:30', '12:00')];
    expect(serverSlotErrors({ 'timeSlots.1.startTime': 'Time slots must not overlap', outletId: 'x' }, rows)).toEqual({
      b: { startTime: 'Time slots must not overlap' },
    });
  });
});

describe('istNow', () => {
  it('uses India time: 18:30 UTC on a Sunday is Monday 00:00 in IST', () => {
    expect(istNow(new Date('2026-11-22T18:30:00Z'))).toEqual({ isoDay: 1, minutes: 0, date: '2026-11-23' });
    expect(istNow(new Date('2026-11-22T18:29:00Z'))).toEqual({ isoDay: 7, minutes: 23 * 60 + 59, date: '2026-11-22' });
  });
});
