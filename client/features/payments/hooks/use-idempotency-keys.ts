import { useCallback, useRef } from 'react';
import { newIdempotencyKey } from '../lib/links';

/**
 * A fresh idempotency key per bill (amount + coupon), read when Pay is tapped: a retried tap for the
 * same bill sends the same key and gets the same order back.
 */
export function useIdempotencyKeys(): { keyFor: (scope: string) => string; forget: (scope: string) => void } {
  const keys = useRef(new Map<string, string>());
  const keyFor = useCallback((scope: string) => {
    let key = keys.current.get(scope);
    if (!key) {
      key = newIdempotencyKey();
      keys.current.set(scope, key);
    }
    return key;
  }, []);
  const forget = useCallback((scope: string) => void keys.current.delete(scope), []);
  return { keyFor, forget };
}

