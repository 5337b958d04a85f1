import { InlineError } from '@client/components/ui/inline-error';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
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

  if (photos.isPending) return <Spinner label="Loading photos" />;
  if (photos.isError) return <InlineError message="We couldn't load the photos." onRetry={() => void photos.refetch()} />;
  if (photos.data.photos.length === 0) return <p className="empty-note">No photos yet.</p>;

  const groups = new Map<string, typeof photos.data.photos>();
  for (const photo of photos.data.photos) {
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
