import { trpc } from '@client/lib/trpc';

/**
 * The outlet id of a page: from the path when it has one, else (`/{city}/{name}`) found through the
 * search by name and matched on the slug and the city (or category).
 */
export function useOutletId(params: { first: string; name: string; outletId?: string }) {
  const fromPath = params.outletId ? Number(params.outletId) : null;
  const lookup = trpc.outlets.search.useQuery(
    { searchString: params.name.replace(/-/g, ' ').slice(0, 100), limit: 50 },
    { enabled: fromPath === null },
  );
  if (fromPath !== null) return { outletId: fromPath, isPending: false, isError: false };
  const match = lookup.data?.outletResult.find(
    (o) => o.slug === params.name && (o.city.slug === params.first || o.category.slug === params.first),
  );
  return {
    outletId: match?.id ?? null,
    isPending: lookup.isPending,
    isError: lookup.isError || (lookup.isSuccess && !match),
  };
}
