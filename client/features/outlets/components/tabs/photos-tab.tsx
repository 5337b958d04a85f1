import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';

const GROUP_LABEL: Record<string, string> = {
  storefront: 'Storefront',
  ambience: 'Ambience',
  food: 'Food',
  products: 'Products',
};

const label = (subCategory: string) =>
  GROUP_LABEL[subCategory] ?? subCategory.charAt(0).toUpperCase() + subCategory.slice(1);

/** The outlet's photos grouped by kind (storefront, ambience, food/products). */
export function PhotosTab({ outletId, outletName }: { outletId: number; outletName: string }) {
  const photos = trpc.outlets.photos.useQuery({ outletId });
  return (
    <QueryState
      query={photos}
      loadingLabel="Loading photos"
      errorMessage="We couldn't load the photos."
      isEmpty={(data) => data.photos.length === 0}
      empty={<p className="empty-note">No photos yet.</p>}
    >
      {(data) => <PhotoSections photos={data.photos} outletName={outletName} />}
    </QueryState>
  );
}

type OutletPhoto = RouterOutputs['outlets']['photos']['photos'][number];

function PhotoSections({ photos, outletName }: { photos: OutletPhoto[]; outletName: string }) {
  const groups = new Map<string, OutletPhoto[]>();
  for (const photo of photos) {
    groups.set(photo.subCategory, [...(groups.get(photo.subCategory) ?? []), photo]);
  }

  return (
    <div className="tab-panel-body photo-sections">
      {[...groups].map(([subCategory, items]) => (
        <section key={subCategory} className="tab-section" aria-label={label(subCategory)}>
          <h2 className="tab-section__title">
            {label(subCategory)} <span className="muted">({items.length})</span>
          </h2>
          <ul className="photo-grid">
            {items.map((photo) => (
              <PhotoGridItem key={photo.id} photo={photo} alt={`${outletName}: ${label(subCategory).toLowerCase()}`} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
