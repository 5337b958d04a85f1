import { describe, expect, it } from 'vitest';
import { descriptionForSlot, offerTextConflicts, statedDays, statedTimes, titleForSlot } from './offer-text.ts';

const saturday25 = { percent: 25, dayOfWeek: 6, startsAt: '15:00', endsAt: '18:00' };

describe("an offer's words against its slot (issue 28)", () => {
  it('a 25 % Saturday slot of "Happy Hours: 17% off … Monday to Friday, 3 PM – 6 PM" shows the slot’s truth', () => {
    expect(titleForSlot('Happy Hours: 17% off', saturday25)).toBe('Happy Hours: 25% off');
    expect(titleForSlot('Happy Hours: 25% off', saturday25)).toBe('Happy Hours: 25% off');
    expect(titleForSlot('Happy Hours', saturday25)).toBe('Happy Hours');
    expect(descriptionForSlot('Monday to Friday, 3 PM – 6 PM, on your total bill.', saturday25)).toBeNull();
    expect(descriptionForSlot('Saturday, 3 PM – 6 PM, on your total bill.', saturday25)).toBe('Saturday, 3 PM – 6 PM, on your total bill.');
    expect(descriptionForSlot('Every day, 3 PM – 6 PM.', saturday25)).toBe('Every day, 3 PM – 6 PM.');
    expect(descriptionForSlot('On your total bill, drinks included.', saturday25)).toBe('On your total bill, drinks included.');
    expect(descriptionForSlot('Saturday, 4 PM – 6 PM.', saturday25)).toBeNull();
    expect(descriptionForSlot('Weekends: 17% off the bill.', saturday25)).toBeNull();
  });

  it('names what conflicts, for the owner’s warning', () => {
    expect(offerTextConflicts('Happy Hours: 17% off · Monday to Friday, 3 PM – 7 PM', saturday25)).toEqual([
      { kind: 'percent', stated: 17, slot: 25 },
      { kind: 'days', stated: [1, 2, 3, 4, 5], slot: 6 },
      { kind: 'times', stated: ['19:00'], slot: { startsAt: '15:00', endsAt: '18:00' } },
    ]);
    expect(offerTextConflicts('Weekend special: 25% off, 15:00–18:00', saturday25)).toEqual([]);
    expect(offerTextConflicts(null, saturday25)).toEqual([]);
  });

  it('reads days and times as people write them', () => {
    expect([...statedDays('Mon to Fri')!]).toEqual([1, 2, 3, 4, 5]);
    expect([...statedDays('Friday to Sunday')!]).toEqual([5, 6, 7]);
    expect([...statedDays('Tuesdays and Thursdays')!].sort()).toEqual([2, 4]);
    expect(statedDays('Happy Hours: 20% off')).toBeNull();
    expect(statedTimes('3 PM – 6:30 pm')).toEqual([15 * 60, 18 * 60 + 30]);
    expect(statedTimes('from 12:00 to midnight')).toEqual([12 * 60, 24 * 60]);
    expect(statedTimes('12 am')).toEqual([0]);
  });
});
