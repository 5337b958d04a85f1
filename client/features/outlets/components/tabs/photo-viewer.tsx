import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useEffectEvent, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export type ViewerPhoto = { url: string; width: number; height: number; alt: string };

type PhotoViewerProps = {
  photos: readonly ViewerPhoto[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
};

/** A horizontal move this long (px) without much vertical movement is a swipe. */
const SWIPE_PX = 50;

/**
 * The outlet's photos and menu pages, full screen (issue 28: they opened the raw file): one picture at
 * a time, sized to the screen; previous and next by the buttons, the arrow keys or a swipe; zoom by the
 * button, a double tap or + / − (a zoomed picture pans by scrolling or dragging, so a menu is readable);
 * Escape or the close button closes it and focus goes back to the photo it came from. A focused
 * component of our own: the outlet page's chunk stays small, and it speaks both languages.
 */
export function PhotoViewer({ photos, index, onIndex, onClose }: PhotoViewerProps) {
  const { t } = useLingui();
  const [zoomed, setZoomed] = useState(false);
  const dialog = useRef<HTMLDivElement | null>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const photo = photos[index]!;
  const count = photos.length;
  const position = index + 1;
  const alt = photo.alt;
  const go = (step: number) => {
    if (count < 2) return;
    setZoomed(false);
    onIndex((index + step + count) % count);
  };
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === '+' || event.key === '=') setZoomed(true);
    else if (event.key === '-') setZoomed(false);
    else return;
    event.preventDefault();
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    dialog.current?.focus();
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', listener);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  const onPointerDown = (event: ReactPointerEvent) => {
    start.current = zoomed ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: ReactPointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from) return;
    const dx = event.clientX - from.x;
    const dy = event.clientY - from.y;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) go(dx < 0 ? 1 : -1);
  };

  return (
    <div
      ref={dialog}
      className="viewer"
      role="dialog"
      aria-modal="true"
      aria-label={t`${alt} (${position} of ${count})`}
      tabIndex={-1}
    >
      <div className="viewer__bar">
        <span className="viewer__count" aria-live="polite">
          <Trans>
            {position} of {count}
          </Trans>
        </span>
        <button
          type="button"
          className="viewer__button"
          aria-pressed={zoomed}
          onClick={() => setZoomed((z) => !z)}
        >
          {zoomed ? <Trans>Zoom out</Trans> : <Trans>Zoom in</Trans>}
        </button>
        <button type="button" className="viewer__button viewer__close" aria-label={t`Close`} onClick={onClose}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <div
        className={zoomed ? 'viewer__stage viewer__stage--zoomed' : 'viewer__stage'}
        data-testid="viewer-stage"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onDoubleClick={() => setZoomed((z) => !z)}
      >
        <img key={photo.url} src={photo.url} alt={photo.alt} width={photo.width} height={photo.height} className="viewer__img" draggable={false} />
      </div>
      {count > 1 ? (
        <>
          <button type="button" className="viewer__nav viewer__nav--prev" aria-label={t`Previous photo`} onClick={() => go(-1)}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="m15 18-6-6 6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
          <button type="button" className="viewer__nav viewer__nav--next" aria-label={t`Next photo`} onClick={() => go(1)}>
            <svg viewBox="0 0 24 24" width="28" height="28" aria-hidden="true">
              <path d="m9 18 6-6-6-6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </button>
        </>
      ) : null}
    </div>
  );
}
