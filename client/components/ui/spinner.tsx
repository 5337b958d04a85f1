import { useLingui } from '@lingui/react/macro';

/** SPEC §9: spinner sizes are 40, 80, 120 and 160 px. */
type SpinnerSize = 40 | 80 | 120 | 160;

export function Spinner({ size = 40, label }: { size?: SpinnerSize; label?: string }) {
  const { t } = useLingui();
  return (
    // Sized by class, not a style attribute: the prerendered shells (client/app/shells.tsx) carry this
    // markup, and the page's CSP allows no inline style attributes.
    <span className={`spinner spinner--${size}`} role="status">
      <span className="visually-hidden">{label ?? t`Loading`}</span>
    </span>
  );
}

/** Suspense fallback while a screen's code loads. */
export function PageLoader() {
  const { t } = useLingui();
  return (
    <div className="page-loader">
      <Spinner size={40} label={t`Loading page`} />
    </div>
  );
}
