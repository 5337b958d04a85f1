import { Link, Typography } from '@mui/material';
import { useRecordContext, useResourceContext } from 'react-admin';
import { documentNameOf, documentPathOf } from '@server/admin/declaration';

const IMAGE = /\.(png|jpe?g|webp|gif|avif)$/i;

/**
 * An uploaded document: an image preview, or a link that opens it. The file comes through the back
 * office's documents route (`/api/admin/<resource>/<id>/documents/<name>`), which the session cookie
 * authorises; documents may be private, so never through `/uploads`.
 */
export function DocumentField({ source, label }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const key = record?.[source];
  if (typeof key !== 'string' || !key || !resource || record?.id == null) {
    return <Typography variant="body2">Not uploaded</Typography>;
  }
  const url = documentPathOf(resource, record.id, source);
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {IMAGE.test(key) ? <img src={url} alt={label ?? documentNameOf(source)} style={{ maxWidth: 240, maxHeight: 160, display: 'block' }} /> : 'Open document'}
    </Link>
  );
}
