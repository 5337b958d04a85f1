import { useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, type ReactNode } from 'react';

type SheetProps = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Extra class on the panel, for sizing (e.g. `sheet__panel--pay`). */
  className?: string;
};

/**
 * A modal panel (outlet overlays, the location picker, the payment screens' overlays): a bottom sheet
 * on phones, a centred dialog from 768 px (styles/components.css). Escape, the close button and the
 * backdrop close it; focus moves in and returns to where it was; the page behind does not scroll.
 */
export function Sheet({ title, onClose, children, className }: SheetProps) {
  const { t } = useLingui();
  const titleId = useId();
  const panel = useRef<HTMLDivElement | null>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return (
    <div className="sheet">
      <div className="sheet__backdrop" aria-hidden="true" onClick={onClose} />
      <div
        ref={panel}
        className={['sheet__panel', className].filter(Boolean).join(' ')}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <div className="sheet__header">
          <h2 id={titleId} className="sheet__title">
            {title}
          </h2>
          <button type="button" className="sheet__close" aria-label={t`Close`} onClick={onClose}>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <div className="sheet__body">{children}</div>
      </div>
    </div>
  );
}
