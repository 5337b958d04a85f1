import { describe, expect, it } from 'vitest';
import { groupCodeOfScan } from './group-link';

describe('groupCodeOfScan', () => {
  const ours = ['https://bachat.example'];
  it('reads the code of our group links', () => {
    expect(groupCodeOfScan('https://bachat.example/group/abc234', ours)).toBe('ABC234');
    expect(groupCodeOfScan(' https://bachat.example/group/ABC234/ ', ours)).toBe('ABC234');
  });
  it('leaves anything else to the pay-link reader', () => {
    expect(groupCodeOfScan('https://elsewhere.example/group/ABC234', ours)).toBeNull();
    expect(groupCodeOfScan('https://bachat.example/p/KAAPI12', ours)).toBeNull();
    expect(groupCodeOfScan('https://bachat.example/group/ABC0', ours)).toBeNull();
    expect(groupCodeOfScan('ABC234', ours)).toBeNull();
  });
});
