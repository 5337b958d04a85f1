import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';

const GROUP_LABEL: Record<string, MessageDescriptor> = {
  storefront: msg({ message: 'Storefront', comment: 'A kind of outlet photo: the shop from outside' }),
  ambience: msg({ message: 'Ambience', comment: 'A kind of outlet photo: the inside, the seating' }),
  food: msg({ message: 'Food', comment: 'A kind of outlet photo' }),
  products: msg({ message: 'Products', comment: 'A kind of outlet photo' }),
};

/** The outlet's photos grouped by kind (storefront, ambience, food/products). */
export function PhotosTab({ outletId, outletName }: { outletId: number; outletName: string }) {
  const { t } = useLingui();
  const photos = trpc.outlets.photos.useQuery({ outletId });
  return (
    <QueryState
      query={photos}
      loadingLabel={t`Loading photos`}
      errorMessage={t`We couldn't load the photos.`}
      isEmpty={(data) => data.photos.length === 0}
      empty={
        <p className="empty-note">
          <Trans>No photos yet.</Trans>
        </p>
      }
    >
      {(data) => <PhotoSections photos={data.photos} outletName={outletName} />}
    </QueryState>
  );
}

type OutletPhoto = RouterOutputs['outlets']['photos']['photos'][number];

function PhotoSections({ photos, outletName }: { photos: OutletPhoto[]; outletName: string }) {
  const { i18n, t } = useLingui();
  const label = (subCategory: string) => {
    const known = GROUP_LABEL[subCategory];
    return known ? i18n._(known) : subCategory.charAt(0).toUpperCase() + subCategory.slice(1);
  };
  const groups = new Map<string, OutletPhoto[]>();
  for (const photo of photos) {
    groups.set(photo.subCategory, [...(groups.get(photo.subCategory) ?? []), photo]);
  }

  return (
    <div className="tab-panel-body photo-sections">
      {[...groups].map(([subCategory, items]) => {
        const kind = label(subCategory);
        return (
          <section key={subCategory} className="tab-section" aria-label={kind}>
            <h2 className="tab-section__title">
              {kind} <span className="muted">({items.length})</span>
            </h2>
            <ul className="photo-grid">
              {items.map((photo) => (
                <PhotoGridItem key={photo.id} photo={photo} alt={t`${outletName}: ${kind}`} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
