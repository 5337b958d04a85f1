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
const LABELS: Record<SubCategory, string> = { storefront: 'Storefront', ambience: 'Ambience', food: 'Food', products: 'Products' };

/** account/photos: the outlet page's photos by kind; upload, reorder, delete. */
export function PhotosPage({ outletId }: BusinessPageProps) {
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
  const remove = trpc.businessAccount.deletePhoto.useMutation({ onSuccess: refresh, onError: (e) => setError(messageOf(e, 'Could not delete the photo.')) });
  const swap = trpc.businessAccount.swapPhotos.useMutation({ onSuccess: refresh, onError: (e) => setError(messageOf(e, 'Could not move the photo.')) });

  const upload = async (file: File) => {
    setError(null);
    setUploading(true);
    const form = new FormData();
    form.set('outletId', String(id));
    form.set('subCategory', subCategory);
    form.set('photo', file);
    try {
      await uploadForm('/business/photos', form, 'Failed to upload photo');
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'Failed to upload photo');
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const list = photos.data ?? [];
  const full = list.length >= MAX_PHOTOS_PER_SUB_CATEGORY;

  return (
    <BizPage
      title="Photos · Account · Bachat for Business"
      description="Upload and order the photos shoppers see on your outlet page."
      heading="Photos"
      lead="The photos shoppers see on your outlet page. The first photo of each kind leads."
    >
      <div className="chip-row" role="group" aria-label="Kind of photo">
        {PHOTO_SUB_CATEGORIES.map((value) => (
          <button key={value} type="button" className="chip" aria-pressed={value === subCategory} onClick={() => setSubCategory(value)}>
            {LABELS[value]}
          </button>
        ))}
      </div>

      <div className="upload-box">
        <label className={`btn btn--primary btn--md upload-box__button${uploading || full ? ' is-disabled' : ''}`}>
          {uploading ? 'Uploading…' : `Add a photo to ${LABELS[subCategory]}`}
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
        <p className="muted biz-hint">JPEG, PNG or WebP up to 5 MB. {list.length}/{MAX_PHOTOS_PER_SUB_CATEGORY} here.</p>
      </div>
      <FormNotes error={error} />

      <QueryState
        query={photos}
        loadingLabel="Loading photos"
        errorMessage="We couldn't load the photos."
        isEmpty={() => list.length === 0}
        empty={<p className="biz-empty">No {LABELS[subCategory].toLowerCase()} photos yet.</p>}
      >
        {() => (
          <ul className="biz-photo-grid" aria-label={`${LABELS[subCategory]} photos`}>
            {list.map((photo, index) => (
              <li key={photo.id} className="photo-tile">
                <img src={photo.url} alt={`${LABELS[subCategory]} photo ${index + 1}`} loading="lazy" width={photo.width} height={photo.height} />
                <div className="photo-tile__actions">
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move photo ${index + 1} earlier`}
                    disabled={index === 0 || swap.isPending}
                    onClick={() => swap.mutate({ outletId: id, subCategory, from: photo.index, to: photo.index - 1 })}
                  >
                    ←
                  </Button>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Move photo ${index + 1} later`}
                    disabled={index === list.length - 1 || swap.isPending}
                    onClick={() => swap.mutate({ outletId: id, subCategory, from: photo.index, to: photo.index + 1 })}
                  >
                    →
                  </Button>
                  <DeleteButton
                    aria-label={`Delete photo ${index + 1}`}
                    disabled={remove.isPending}
                    confirm="Delete this photo?"
                    onConfirm={() => remove.mutate({ outletId: id, subCategory, index: photo.index })}
                  />
                </div>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </BizPage>
  );
}
