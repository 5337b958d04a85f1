import { trpc } from '@client/lib/trpc';
import type { OutletRouteParams } from '../lib/links';

type Place = { latitude: number; longitude: number } | null;

/**
 * The details of the outlet a page addresses: by the id in the path when it has one
 * (`…/{tab}/{outletId}`), else (`/{city}/{name}`) by its path, which the server resolves
 * (`outlets.bySlug`: the slug in that city, else in that category; none → NOT_FOUND).
 * With a chosen place the details carry the distance.
 */
export function useOutletDetails(params: OutletRouteParams, place: Place) {
  const outletId = params.outletId ? Number(params.outletId) : null;
  const point = { latitude: place?.latitude, longitude: place?.longitude };
  const byId = trpc.outlets.byId.useQuery({ outletId: outletId ?? 0, ...point }, { enabled: outletId !== null });
  const bySlug = trpc.outlets.bySlug.useQuery({ first: params.first, slug: params.name, ...point }, { enabled: outletId === null });
  return outletId !== null ? byId : bySlug;
}
