import { useCallback, useEffect, useState } from 'react';

/** A seconds countdown that ticks once a second and can be restarted (SPEC §4 Resend OTP). */
export function useCountdown(initialSeconds: number) {
  const [endsAt, setEndsAt] = useState(() => Date.now() + initialSeconds * 1000);
  const [remaining, setRemaining] = useState(initialSeconds);

  useEffect(() => {
    const tick = () => setRemaining(Math.max(0, Math.ceil((endsAt - Date.now()) / 1000)));
    tick();
    const timer = setInterval(() => {
      tick();
      if (Date.now() >= endsAt) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [endsAt]);

  const restart = useCallback((seconds: number = initialSeconds) => {
    setRemaining(seconds);
    setEndsAt(Date.now() + seconds * 1000);
  }, [initialSeconds]);

  return { remaining, restart };
}
