import { t } from '@lingui/core/macro';
import { useAtom } from 'jotai';
import { RESET } from 'jotai/utils';
import { useCallback, useEffect, useState } from 'react';
import { locationAtom, type StoredLocation } from '../atoms';
import { noteLocationPermission } from '../lib/browse-cookie';

export type LocationPermission = 'granted' | 'denied' | 'prompt' | 'unsupported';

/** SPEC §8 permission messages (in the reader's language when shown). */
export const PERMISSION_DENIED = () => t`Geolocation permission denied`;
export const PERMISSION_ALREADY_GRANTED = () =>
  t`Location access is already allowed. To turn it off, revoke it manually in your browser settings.`;
const UNAVAILABLE = () => t`We couldn't read your location. Choose a location instead.`;

const hasGeolocation = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

async function queryPermission(): Promise<{ state: LocationPermission; status: PermissionStatus | null }> {
  if (!hasGeolocation()) return { state: 'unsupported', status: null };
  try {
    const status = await navigator.permissions.query({ name: 'geolocation' });
    return { state: status.state, status };
  } catch {
    // Permissions API missing (older Safari): the prompt decides.
    return { state: 'prompt', status: null };
  }
}

function readPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: 5 * 60_000,
    }),
  );
}

const fromDevice = (position: GeolocationPosition): StoredLocation => ({
  latitude: Math.round(position.coords.latitude * 1e6) / 1e6,
  longitude: Math.round(position.coords.longitude * 1e6) / 1e6,
  landmark: null,
  state: null,
  locality: null,
  division: null,
  citySlug: null,
  isSelectedLocation: false,
  fetchedLocation: true,
});

/**
 * The shopper's location (SPEC §4): a place chosen by hand wins and persists for the session; else
 * the device position when the permission is granted. A device position stored earlier is cleared
 * when the permission is no longer granted, and the state refreshes when the permission changes.
 */
export function useShopperLocation() {
  const [location, setLocation] = useAtom(locationAtom);
  const [permission, setPermission] = useState<LocationPermission>('prompt');
  const [locating, setLocating] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  /** Whether the message is SPEC §8's "Geolocation permission denied" (the page adds how to go on). */
  const [denied, setDenied] = useState(false);
  /** False until the permission is known (and a granted position read), so the list asks once. */
  const [ready, setReady] = useState(false);

  const isManual = location?.isSelectedLocation === true;


  useEffect(() => {
    let cancelled = false;
    let status: PermissionStatus | null = null;

    const refresh = async (state: LocationPermission) => {
      if (cancelled) return;
      setPermission(state);
      noteLocationPermission(state === 'granted');
      if (isManual) {
        setReady(true);
        return;
      }
      if (state !== 'granted') {
        setLocation(RESET);
        setReady(true);
        return;
      }
      try {
        const position = await readPosition();
        if (!cancelled) setLocation(fromDevice(position));
      } catch {
        // Keep whatever we had; the banner offers a manual choice.
      } finally {
        if (!cancelled) setReady(true);
      }
    };

    void queryPermission().then((result) => {
      if (cancelled) return;
      status = result.status;
      if (status) status.onchange = () => void refresh(status!.state);
      void refresh(result.state);
    });

    return () => {
      cancelled = true;
      if (status) status.onchange = null;
    };
  }, [isManual, setLocation]);

  /** Asks the browser for the position (its prompt shows when needed). Resolves to a message or null. */
  const requestDeviceLocation = useCallback(async (): Promise<string | null> => {
    setMessage(null);
    setDenied(false);
    if (!hasGeolocation()) {
      const text = UNAVAILABLE();
      setMessage(text);
      return text;
    }
    if (permission === 'granted' && location?.fetchedLocation) {
      const text = PERMISSION_ALREADY_GRANTED();
      setMessage(text);
      return text;
    }
    setLocating(true);
    try {
      const position = await readPosition();
      setLocation(fromDevice(position));
      setPermission('granted');
      noteLocationPermission(true);
      return null;
    } catch (error) {
      const denied = (error as GeolocationPositionError | undefined)?.code === 1;
      const text = denied ? PERMISSION_DENIED() : UNAVAILABLE();
      if (denied) setPermission('denied');
      setDenied(denied);
      setMessage(text);
      return text;
    } finally {
      setLocating(false);
    }
  }, [permission, location?.fetchedLocation, setLocation]);

  // A place chosen by hand answers the question the message asked: it is not shown any more (issue 28:
  // "Geolocation permission denied" stayed on screen after an area was chosen).
  return {
    location,
    permission,
    ready,
    locating,
    message: isManual ? null : message,
    denied: !isManual && denied,
    requestDeviceLocation,
    clearMessage: () => setMessage(null),
  };
}
