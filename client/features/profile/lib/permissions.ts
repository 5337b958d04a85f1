import { t } from '@lingui/core/macro';

/**
 * Local-only device permissions on the settings page (SPEC §3 PERMISSION_LOCATION_ACCESS and
 * PERMISSION_CAMERA_ACCESS, §6, §8). The browser owns the real state: once granted, only the
 * browser's own settings can revoke it.
 */
export type PermissionType = 'location' | 'camera';

/** SPEC §8's words, in the reader's language when they are shown. */
export const PERMISSION_MESSAGES = {
  alreadyGranted: () => t`Permission is already granted. To revoke it, change it manually in your browser settings.`,
  denied: { location: () => t`Geolocation permission denied`, camera: () => t`Camera permission denied` },
  invalid: () => t`Invalid permission type`,
  unsupported: () => t`This device does not support this permission.`,
} as const;

export const PERMISSION_STORAGE_KEYS: Record<PermissionType, string> = {
  location: 'PERMISSION_LOCATION_ACCESS',
  camera: 'PERMISSION_CAMERA_ACCESS',
};

export type PermissionOutcome = { granted: boolean; message: string | null };

/** The browser's current answer, or null when it cannot tell (then the stored flag is shown). */
export async function readPermission(type: PermissionType): Promise<PermissionState | null> {
  if (!navigator.permissions?.query) return null;
  try {
    const name = (type === 'location' ? 'geolocation' : 'camera') as PermissionName;
    return (await navigator.permissions.query({ name })).state;
  } catch {
    return null;
  }
}

/** Asks the browser for the permission; an already granted one yields the revoke-manually message. */
export async function requestPermission(type: string): Promise<PermissionOutcome> {
  if (type !== 'location' && type !== 'camera') return { granted: false, message: PERMISSION_MESSAGES.invalid() };
  if ((await readPermission(type)) === 'granted') {
    return { granted: true, message: PERMISSION_MESSAGES.alreadyGranted() };
  }
  if (type === 'location') {
    if (!navigator.geolocation) return { granted: false, message: PERMISSION_MESSAGES.unsupported() };
    return new Promise((resolve) => {
      navigator.geolocation.getCurrentPosition(
        () => resolve({ granted: true, message: null }),
        () => resolve({ granted: false, message: PERMISSION_MESSAGES.denied.location() }),
        { timeout: 20_000 },
      );
    });
  }
  if (!navigator.mediaDevices?.getUserMedia) return { granted: false, message: PERMISSION_MESSAGES.unsupported() };
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ video: true });
    for (const track of stream.getTracks()) track.stop();
    return { granted: true, message: null };
  } catch {
    return { granted: false, message: PERMISSION_MESSAGES.denied.camera() };
  }
}

export function readStoredPermission(type: PermissionType): boolean {
  try {
    return localStorage.getItem(PERMISSION_STORAGE_KEYS[type]) === 'true';
  } catch {
    return false;
  }
}

export function storePermission(type: PermissionType, granted: boolean) {
  try {
    localStorage.setItem(PERMISSION_STORAGE_KEYS[type], granted ? 'true' : 'false');
  } catch {
    // Private mode: the toggle still reflects the browser's state on the next visit.
  }
}
