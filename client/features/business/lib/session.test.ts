import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cookiesChanged } from '@client/lib/cookies';
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

    act(() => saveBusinessSession(details));
    expect(result.current).toEqual({ details });
    expect(result.current).not.toHaveProperty('token');

    act(() => setCurrentOutlet(14));
    expect(result.current?.details.currentOutletId).toBe(14);

    act(() => clearBusinessSession());
    expect(result.current).toBeNull();
  });

  it("hears the server clearing the owner's cookies (a shopper's login, SPEC §6) once a response has come", () => {
    saveBusinessSession(details);
    const { result } = renderHook(() => useBusinessSession());
    expect(result.current?.details.boId).toBe(3);

    // The server's Set-Cookie, then the transport telling the store (lib/trpc-transport.ts).
    document.cookie = 'businessUserDetails=; Max-Age=0; Path=/';
    act(() => cookiesChanged());
    expect(result.current).toBeNull();
  });
});
