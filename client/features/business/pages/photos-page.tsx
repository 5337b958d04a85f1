import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { MAX_PHOTOS_PER_SUB_CATEGORY, PHOTO_SUB_CATEGORIES } from '@server/modules/business-account/schema';
import { messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { DeleteButton } from '../components/delete-button';
import { uploadForm } from '../lib/upload';
import { FormNotes } from '../components/form-notes';

type SubCategory = (typeof PHOTO_SUB_CATEGORIES)[number];
const LABELS: Record<SubCategory, MessageDescriptor> = {
  storefront: msg({ message: 'Storefront', comment: 'A kind of outlet photo: the shop from outside' }),
  ambience: msg({ message: 'Ambience', comment: 'A kind of outlet photo: the inside, the seating' }),
  food: msg({ message: 'Food', comment: 'A kind of outlet photo' }),
  products: msg({ message: 'Products', comment: 'A kind of outlet photo' }),
};

/** account/photos: the outlet page's photos by kind; upload, reorder, delete. */
export function PhotosPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const [subCategory, setSubCategory] = useState<SubCategory>('storefront');
  const utils = trpc.useUtils();
  const photos = trpc.businessAccount.photos.useQuery({ outletId: id, subCategory });
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const refresh = () => {
    void utils.businessAccount.photos.invalidate({ outletId: id });
    void utils.outlets.photos.invalidate({ outletId: id });
  };
  const remove = trpc.businessAccount.deletePhoto.useMutation({ onSuccess: refresh, onError: (e) => setError(messageOf(e, t`Could not delete the photo.`)) });
  const swap = trpc.businessAccount.swapPhotos.useMutation({ onSuccess: refresh, onError: (e) => setError(messageOf(e, t`Could not move the photo.`)) });

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    const form = new FormData();
    form.set('outletId', String(id));
    form.set('subCategory', subCategory);
    form.set('photo', file);
    try {
      await uploadForm('/business/photos', form, t`Failed to upload photo`);
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : t`Failed to upload photo`);
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const list = photos.data ?? [];
  const full = list.length >= MAX_PHOTOS_PER_SUB_CATEGORY;
  const kind = i18n._(LABELS[subCategory]);
  const kindLower = kind.toLowerCase();
  const count = list.length;
  const max = MAX_PHOTOS_PER_SUB_CATEGORY;

  return (
    <BizPage
      title={t`Photos · Account · Bachat for Business`}
      description={t`Upload and order the photos shoppers see on your outlet page.`}
      heading={t`Photos`}
      lead={t`The photos shoppers see on your outlet page. The first photo of each kind leads.`}
    >
      <div className="chip-row" role="group" aria-label={t`Kind of photo`}>
        {PHOTO_SUB_CATEGORIES.map((value) => (
          <button key={value} type="button" className="chip" aria-pressed={value === subCategory} onClick={() => setSubCategory(value)}>
            {i18n._(LABELS[value])}
          </button>
        ))}
      </div>

      <div className="upload-box">
        <label className={`btn btn--primary btn--md upload-box__button${uploading || full ? ' is-disabled' : ''}`}>
          {uploading ? <Trans>Uploading…</Trans> : <Trans>Add a photo to {kind}</Trans>}
          <input
            ref={fileInput}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="visually-hidden"
            disabled={uploading || full}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) void upload(file);
            }}
          />
        </label>
        <p className="muted biz-hint">
          <Trans>
            JPEG, PNG or WebP up to 5 MB. {count}/{max} here.
          </Trans>
        </p>
      </div>
      <FormNotes error={error} />

      <QueryState
        query={photos}
        loadingLabel={t`Loading photos`}
        errorMessage={t`We couldn't load the photos.`}
        isEmpty={() => list.length === 0}
        empty={
          <p className="biz-empty">
            <Trans>No {kindLower} photos yet.</Trans>
          </p>
        }
      >
        {() => (
          <ul className="biz-photo-grid" aria-label={t`${kind} photos`}>
            {list.map((photo, index) => {
              const number = index + 1;
              return (
              <li key={photo.id} className="photo-tile">
                <img src={photo.url} alt={t`${kind} photo ${number}`} loading="lazy" width={photo.width} height={photo.height} />
                <div className="photo-tile__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t`Move photo ${number} earlier`}
                    disabled={index === 0 || swap.isPending}
                    onClick={() => swap.mutate({ outletId: id, subCategory, from: photo.index, to: photo.index - 1 })}
                  >
                    ←
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={t`Move photo ${number} later`}
                    disabled={index === list.length - 1 || swap.isPending}
                    onClick={() => swap.mutate({ outletId: id, subCategory, from: photo.index, to: photo.index + 1 })}
                  >
                    →
                  </Button>
                  <DeleteButton
                    aria-label={t`Delete photo ${number}`}
                    disabled={remove.isPending}
                    confirm={t`Delete this photo?`}
                    onConfirm={() => remove.mutate({ outletId: id, subCategory, index: photo.index })}
                  />
                </div>
              </li>
              );
            })}
          </ul>
        )}
      </QueryState>
    </BizPage>
  );
}
