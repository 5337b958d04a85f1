import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearBusinessAuth } from '@client/lib/auth-token';
import { clearBusinessSession, saveBusinessSession, setCurrentOutlet, useBusinessSession, type BusinessUserDetails } from './session';

const details: BusinessUserDetails = {
  boId: 3,
  name: 'Ramesh Rao',
  username: 'ramesh',
  phoneNumber: '9845000001',
  pan: null,
  designation: null,
  isMaster: true,
  masterId: null,
  currentOutletId: 12,
  allOutletForBusiness: [
    { id: 12, name: 'Udupi Grand', addressLineTwo: 'Jayanagar' },
    { id: 14, name: 'Udupi Grand', addressLineTwo: 'Indiranagar' },
  ],
};

afterEach(() => {
  clearBusinessSession();
});

describe('business session store', () => {
  it('re-renders when the current outlet changes and when the session is cleared', () => {
    const { result } = renderHook(() => useBusinessSession());
    expect(result.current).toBeNull();

    act(() => saveBusinessSession('biz-token', details));
    expect(result.current).toMatchObject({ token: 'biz-token', details: { currentOutletId: 12 } });

    act(() => setCurrentOutlet(14));
    expect(result.current?.details.currentOutletId).toBe(14);

    act(() => clearBusinessSession());
    expect(result.current).toBeNull();
  });

  it('hears a shopper login deleting its cookies (clearBusinessAuth)', () => {
    saveBusinessSession('biz-token', details);
    const { result } = renderHook(() => useBusinessSession());
    expect(result.current?.token).toBe('biz-token');

    act(() => clearBusinessAuth());
    expect(result.current).toBeNull();
  });
});
