import { Link, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

const IMAGE = /\.(png|jpe?g|webp|gif)$/i;

/** An uploaded document (stored under /uploads): an image preview, or a link that opens it. */
export function DocumentField({ source }: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext();
  const key = record?.[source];
  if (typeof key !== 'string' || !key) return <Typography variant="body2">Not uploaded</Typography>;
  const url = `/uploads/${key.split('/').map(encodeURIComponent).join('/')}`;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer">
      {IMAGE.test(key) ? <img src={url} alt={key} style={{ maxWidth: 240, maxHeight: 160, display: 'block' }} /> : 'Open document'}
    </Link>
  );
}
