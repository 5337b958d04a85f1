/** SPEC §9: spinner sizes are 40, 80, 120 and 160 px. */
type SpinnerSize = 40 | 80 | 120 | 160;

export function Spinner({ size = 40, label = 'Loading' }: { size?: SpinnerSize; label?: string }) {
  return (
    <span className="spinner" role="status" style={{ width: size, height: size }}>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}

/** Suspense fallback while a screen's code loads. */
export function PageLoader() {
  return (
    <div className="page-loader">
      <Spinner size={40} label="Loading page" />
    </div>
  );
}
