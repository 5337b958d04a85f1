import { useRecordContext } from 'react-admin';

/** A JSON value, pretty-printed (audit before/after). */
export function JsonField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const value = record?.[source];
  if (value === null || value === undefined) return <span>—</span>;
  return (
    <pre style={{ margin: 0, fontSize: 12, maxHeight: 320, overflow: 'auto', whiteSpace: 'pre-wrap' }}>
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}
