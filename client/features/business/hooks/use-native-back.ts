import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';

type NativeBridge = { exitApp?: () => void };
type BackHandlerWindow = Window & { Android?: NativeBridge; bachatNativeBack?: () => boolean };

/**
 * SPEC §2: the native back button goes back, and exits the app from business pages when there is no
 * history. The Android wrapper calls `window.bachatNativeBack()` on a hardware back press: it returns
 * true when the page went back in the app, and otherwise asks the wrapper to exit (`Android.exitApp`).
 * "History" is what the owner navigated inside the app since this business page opened.
 */
export function useBusinessNativeBack() {
  const [location] = useLocation();
  const depth = useRef(-1);
  const last = useRef<string | null>(null);

  useEffect(() => {
    if (last.current !== location) {
      depth.current += 1;
      last.current = location;
    }
  }, [location]);

  useEffect(() => {
    const win = window as BackHandlerWindow;
    const previous = win.bachatNativeBack;
    win.bachatNativeBack = () => {
      if (depth.current > 0) {
        depth.current -= 2; // the pop lands on a location change, which adds one back
        window.history.back();
        return true;
      }
      win.Android?.exitApp?.();
      return false;
    };
    return () => {
      win.bachatNativeBack = previous;
    };
  }, []);
}
