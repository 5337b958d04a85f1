import { Link, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { useRecordContext } from 'react-admin';

const show = (v: unknown) => (v === undefined ? '' : v === null ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/** What one audit entry changed: every field whose value differs between before and after. */
export function AuditChanges() {
  const record = useRecordContext();
  if (!record) return null;
  const before = (record.before ?? {}) as Record<string, unknown>;
  const after = (record.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter(
    (k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]),
  );
  return (
    <div style={{ padding: 16 }}>
      <Typography variant="h6" gutterBottom>
        {record.action === 'create' ? 'Created with' : record.action === 'delete' ? 'Deleted record' : 'Changes'}
      </Typography>
      {record.action !== 'delete' ? (
        <Typography gutterBottom>
          <Link href={`#/${String(record.resource)}/${encodeURIComponent(String(record.recordId))}/show`}>Open the record</Link>
        </Typography>
      ) : null}
      {keys.length === 0 ? (
        <Typography color="text.secondary">No field changed.</Typography>
      ) : (
        <Table size="small" aria-label="Changes">
          <TableHead>
            <TableRow>
              <TableCell>Field</TableCell>
              <TableCell>Before</TableCell>
              <TableCell>After</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {keys.map((k) => (
              <TableRow key={k}>
                <TableCell component="th" scope="row">
                  {k}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{show(record.before ? before[k] : undefined)}</TableCell>
                <TableCell sx={{ wordBreak: 'break-word' }}>{show(record.after ? after[k] : undefined)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </div>
  );
}
