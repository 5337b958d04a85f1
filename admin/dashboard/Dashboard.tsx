import { Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { Title, useCreatePath, useGetList } from 'react-admin';

interface Tile {
  label: string;
  resource: string;
  filter: Record<string, unknown>;
  hint: string;
}

const TILES: Tile[] = [
  { label: 'Applications to review', resource: 'business-applications', filter: { status: 'pending' }, hint: 'Approve or reject' },
  { label: 'Open support tickets', resource: 'support-tickets', filter: { status: 'open' }, hint: 'Reply and close' },
  { label: 'Outlets not live', resource: 'outlets', filter: { isLive: false }, hint: 'Finish set-up' },
];

function CountTile({ tile }: { tile: Tile }) {
  const createPath = useCreatePath();
  const { total, isPending, error } = useGetList(tile.resource, {
    filter: tile.filter,
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'id', order: 'DESC' },
  });
  const href = `#${createPath({ resource: tile.resource, type: 'list' })}?filter=${encodeURIComponent(JSON.stringify(tile.filter))}`;
  return (
    <Card variant="outlined" sx={{ flex: 1, minWidth: 220 }}>
      <CardActionArea href={href}>
        <CardContent>
          <Typography color="text.secondary" gutterBottom>
            {tile.label}
          </Typography>
          <Typography variant="h3" component="p" aria-label={tile.label}>
            {isPending ? '…' : error ? '—' : total}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {tile.hint}
          </Typography>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** The back office's home: what needs a sales person's attention today. */
export function Dashboard() {
  return (
    <Stack spacing={2} sx={{ mt: 2 }}>
      <Title title="Bachat Sales" />
      <Typography variant="h5" component="h1">
        Today
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        {TILES.map((t) => (
          <CountTile key={t.resource} tile={t} />
        ))}
      </Stack>
    </Stack>
  );
}
