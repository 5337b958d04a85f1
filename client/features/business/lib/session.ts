import { useSyncExternalStore } from 'react';
import { BUSINESS_DETAILS_COOKIE } from '@client/lib/session-cookies';
import { deleteCookies, readCookie, subscribeCookies, writeCookie } from '@client/lib/cookies';
import type { BusinessLoginResult } from '@server/modules/business-auth/schema';

/**
 * The business session on the client (SPEC §3, §4, §9). The token is the `business_auth_token`
 * cookie, HttpOnly: the server sets it at the login and clears it at the logout or a shopper's login
 * (SPEC §6), and the page never reads it. What the page keeps is the owner's details with the outlet
 * list and the current outlet in `businessUserDetails`, for one day, written here after the login; the
 * server clears it together with the token. Kept in the client's cookie store (`lib/cookies.ts`), so
 * the shell re-renders when the current outlet changes or the session ends.
 */

export type BusinessOutlet = { id: number; name: string; addressLineTwo: string };

export type BusinessUserDetails = {
  boId: number;
  name: string;
  username: string;
  phoneNumber: string;
  pan: string | null;
  designation: string | null;
  isMaster: boolean;
  masterId: number | null;
  currentOutletId: number | null;
  allOutletForBusiness: BusinessOutlet[];
};

export type BusinessSession = { details: BusinessUserDetails };

/** SPEC §9: business cookies live one day. */
export const BUSINESS_COOKIE_MAX_AGE = 24 * 60 * 60;

let cachedRaw: string | null = null;
let cachedSession: BusinessSession | null = null;

function parseDetails(raw: string): BusinessUserDetails | null {
  try {
    const data = JSON.parse(raw) as Partial<BusinessUserDetails>;
    if (typeof data.boId !== 'number' || !Array.isArray(data.allOutletForBusiness)) return null;
    return {
      boId: data.boId,
      name: String(data.name ?? ''),
      username: String(data.username ?? ''),
      phoneNumber: String(data.phoneNumber ?? ''),
      pan: data.pan ?? null,
      designation: data.designation ?? null,
      isMaster: Boolean(data.isMaster),
      masterId: data.masterId ?? null,
      currentOutletId: typeof data.currentOutletId === 'number' ? data.currentOutletId : null,
      allOutletForBusiness: data.allOutletForBusiness,
    };
  } catch {
    return null;
  }
}

/**
 * SPEC §4: business auth is restored from the cookies. The token's cookie is HttpOnly, so the page goes
 * by the details cookie the server clears with it; the first business call that answers 401 ends the
 * console (business-shell.tsx) should the session have ended on the server meanwhile.
 */
export function getBusinessSession(): BusinessSession | null {
  const raw = readCookie(BUSINESS_DETAILS_COOKIE);
  if (!raw) return null;
  if (raw === cachedRaw) return cachedSession;
  const details = parseDetails(raw);
  cachedRaw = raw;
  cachedSession = details ? { details } : null;
  return cachedSession;
}

export function useBusinessSession(): BusinessSession | null {
  return useSyncExternalStore(subscribeCookies, getBusinessSession, () => null);
}

/** The details the login stores: the owner, its outlets and the first outlet as the current one. */
export function detailsFromLogin(result: Pick<BusinessLoginResult, 'businessOwner' | 'outlets'>): BusinessUserDetails {
  const owner = result.businessOwner;
  return {
    boId: owner.id,
    name: owner.name,
    username: owner.username,
    phoneNumber: owner.phoneNumber,
    pan: owner.pan,
    designation: owner.designation,
    isMaster: owner.isMaster,
    masterId: owner.masterId,
    currentOutletId: result.outlets[0]?.id ?? null,
    allOutletForBusiness: result.outlets.map(({ id, name, addressLineTwo }) => ({ id, name, addressLineTwo })),
  };
}

/** After the login (the server has set the token's cookie): the details, for one day. */
export function saveBusinessSession(details: BusinessUserDetails) {
  writeCookie(BUSINESS_DETAILS_COOKIE, JSON.stringify(details), BUSINESS_COOKIE_MAX_AGE);
}

/** Makes `outletId` current (kept in the details cookie, so the top bar's business link follows). */
export function setCurrentOutlet(outletId: number) {
  const session = getBusinessSession();
  if (!session || session.details.currentOutletId === outletId) return;
  if (!session.details.allOutletForBusiness.some((outlet) => outlet.id === outletId)) return;
  saveBusinessSession({ ...session.details, currentOutletId: outletId });
}

/** The session ended (the server has cleared the token's cookie, or it is no longer valid): drop the details. */
export function clearBusinessSession() {
  deleteCookies(BUSINESS_DETAILS_COOKIE);
}
