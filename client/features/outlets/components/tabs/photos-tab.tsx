import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@client/components/ui/query-state';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';

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
  // The viewer goes through every photo, group after group, as the page lists them.
  const ordered: { photo: OutletPhoto; alt: string }[] = [...groups].flatMap(([subCategory, items]) => {
    const kind = label(subCategory);
    return items.map((photo) => ({ photo, alt: t`${outletName}: ${kind}` }));
  });
  const viewerPhotos: ViewerPhoto[] = ordered.map(({ photo, alt }) => ({ url: photo.url, width: photo.width, height: photo.height, alt }));
  const [open, setOpen] = useState<number | null>(null);

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
                <PhotoGridItem
                  key={photo.id}
                  photo={photo}
                  alt={t`${outletName}: ${kind}`}
                  onOpen={() => setOpen(ordered.findIndex((o) => o.photo === photo))}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {open !== null ? <PhotoViewer photos={viewerPhotos} index={open} onIndex={setOpen} onClose={() => setOpen(null)} /> : null}
    </div>
  );
}
