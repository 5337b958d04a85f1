import { useSyncExternalStore } from 'react';
import { BUSINESS_TOKEN_COOKIE, BUSINESS_USER_COOKIE } from '@client/lib/auth-token';
import { deleteCookies, readCookie, subscribeCookies, writeCookie } from '@client/lib/cookies';
import type { BusinessLoginResult } from '@server/modules/business-auth/schema';

/**
 * The business session on the client (SPEC §3, §4, §9): the token in `business_auth_token` and the
 * owner's details with the outlet list and the current outlet in `businessUserDetails`, both for one
 * day. Kept in the client's cookie store (`lib/cookies.ts`), so the shell re-renders when the current
 * outlet changes or the session ends, including when a shopper login deletes the cookies
 * (`clearBusinessAuth()`, SPEC §6).
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

export type BusinessSession = { token: string; details: BusinessUserDetails };

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

/** SPEC §4: business auth is restored only when both cookies exist. */
export function getBusinessSession(): BusinessSession | null {
  const token = readCookie(BUSINESS_TOKEN_COOKIE);
  const raw = readCookie(BUSINESS_USER_COOKIE);
  if (!token || !raw) return null;
  const key = `${token}\u0000${raw}`;
  if (key === cachedRaw) return cachedSession;
  const details = parseDetails(raw);
  cachedRaw = key;
  cachedSession = details ? { token, details } : null;
  return cachedSession;
}

export function useBusinessSession(): BusinessSession | null {
  return useSyncExternalStore(subscribeCookies, getBusinessSession, () => null);
}

/** The details the login stores: the owner, its outlets and the first outlet as the current one. */
export function detailsFromLogin(result: BusinessLoginResult): BusinessUserDetails {
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

export function saveBusinessSession(token: string, details: BusinessUserDetails) {
  writeCookie(BUSINESS_TOKEN_COOKIE, token, BUSINESS_COOKIE_MAX_AGE);
  writeCookie(BUSINESS_USER_COOKIE, JSON.stringify(details), BUSINESS_COOKIE_MAX_AGE);
}

/** Makes `outletId` current (kept in the details cookie, so the top bar's business link follows). */
export function setCurrentOutlet(outletId: number) {
  const session = getBusinessSession();
  if (!session || session.details.currentOutletId === outletId) return;
  if (!session.details.allOutletForBusiness.some((outlet) => outlet.id === outletId)) return;
  saveBusinessSession(session.token, { ...session.details, currentOutletId: outletId });
}

export function clearBusinessSession() {
  deleteCookies(BUSINESS_TOKEN_COOKIE, BUSINESS_USER_COOKIE);
}
