import { useEffect } from 'react';

/**
 * While `waiting`, the first tap or key press anywhere on the page calls `onGesture` (browsers let a page
 * play sound or speak only after a gesture). A tap on the control itself (an element inside
 * `[data-<control>]`) is left to that control's own click, which would otherwise be flipped back.
 */
export function useFirstGesture(waiting: boolean, control: string, onGesture: () => void): void {
  useEffect(() => {
    if (!waiting) return;
    const listener = (event: Event) => {
      if (event.target instanceof Element && event.target.closest(`[data-${control}]`)) return;
      onGesture();
    };
    document.addEventListener('pointerdown', listener);
    document.addEventListener('keydown', listener);
    return () => {
      document.removeEventListener('pointerdown', listener);
      document.removeEventListener('keydown', listener);
    };
  }, [waiting, control, onGesture]);
}
