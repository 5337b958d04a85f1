import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import type { BusinessMenu } from '@server/modules/business-account/schema';
import { fieldErrorsOf, messageOf } from '@client/lib/trpc-errors';
import type { BusinessPageProps } from '../lib/page-props';
import { BizPage } from '../components/biz-page';
import { uploadForm } from '../lib/upload';
import { FormNotes } from '../components/form-notes';

/** SPEC §8 fallback (`i18n._` it). */
const MENU_FAILED = msg`An error occurred while fetching menu details`;

/** account/menu: menu titles in order (TITLE_SEQ), each with its photos. */
export function MenuPage({ outletId }: BusinessPageProps) {
  const { t, i18n } = useLingui();
  const id = outletId ?? 0;
  const utils = trpc.useUtils();
  const menus = trpc.businessAccount.menu.useQuery({ outletId: id });
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const onSaved = (result: BusinessMenu[]) => {
    utils.businessAccount.menu.setData({ outletId: id }, result);
    void utils.outlets.menu.invalidate({ outletId: id });
  };
  const fail = (fallback: string) => (e: unknown) => setError(Object.values(fieldErrorsOf(e))[0] ?? messageOf(e, fallback));
  const save = trpc.businessAccount.saveMenu.useMutation({ onSuccess: onSaved, onError: fail(t`Could not save the menu title.`) });
  const remove = trpc.businessAccount.deleteMenu.useMutation({ onSuccess: onSaved, onError: fail(t`Could not delete the menu.`) });
  const swap = trpc.businessAccount.swapMenu.useMutation({ onSuccess: onSaved, onError: fail(t`Could not reorder.`) });
  const removePhoto = trpc.businessAccount.deleteMenuPhoto.useMutation({ onSuccess: onSaved, onError: fail(t`Could not delete the photo.`) });
  const [uploadingFor, setUploadingFor] = useState<number | null>(null);

  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (!title.trim()) {
      setError(t`Give the menu a title, like Breakfast or Beverages.`);
      return;
    }
    save.mutate({ outletId: id, title: title.trim() }, { onSuccess: () => setTitle('') });
  };

  const upload = async (menuId: number, file: File) => {
    setError(null);
    setUploadingFor(menuId);
    const form = new FormData();
    form.set('outletId', String(id));
    form.set('menuId', String(menuId));
    form.set('photo', file);
    try {
      await uploadForm('/business/menu/photo', form, t`Failed to upload menu photo`);
      void utils.businessAccount.menu.invalidate({ outletId: id });
      void utils.outlets.menu.invalidate({ outletId: id });
    } catch (e) {
      setError(e instanceof Error ? e.message : t`Failed to upload menu photo`);
    } finally {
      setUploadingFor(null);
    }
  };

  return (
    <BizPage
      title={t`Menu · Account · Bachat for Business`}
      description={t`Upload your menu card, section by section, for shoppers to browse.`}
      heading={t`Menu`}
      lead={t`Menu sections in the order shoppers see them, each with photos of the menu card.`}
    >
      <form className="menu-add" onSubmit={add} noValidate aria-label={t`Add a menu section`}>
        <label className="visually-hidden" htmlFor="menu-title">
          <Trans>New menu title</Trans>
        </label>
        <input
          id="menu-title"
          className="field__input"
          placeholder={t`New section, e.g. Breakfast`}
          maxLength={60}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button type="submit" disabled={save.isPending}>
          <Trans>Add</Trans>
        </Button>
      </form>
      <FormNotes error={error} />
      <QueryState query={menus} loadingLabel={t`Loading the menu`} errorMessage={i18n._(MENU_FAILED)}>
        {(list) => (
          <ol className="menu-list">
            {list.map((menu, index) => (
              <MenuSection
                key={menu.id}
                menu={menu}
                first={index === 0}
                last={index === list.length - 1}
                busy={save.isPending || remove.isPending || swap.isPending || removePhoto.isPending}
                uploading={uploadingFor === menu.id}
                onRename={(newTitle) => save.mutate({ outletId: id, menuId: menu.id, title: newTitle })}
                onMove={(delta) => swap.mutate({ outletId: id, from: index, to: index + delta })}
                onDelete={() => {
                  const menuTitle = menu.title || t`Menu`;
                  if (window.confirm(t`Delete "${menuTitle}" and its photos?`)) remove.mutate({ outletId: id, menuId: menu.id });
                }}
                onUpload={(file) => void upload(menu.id, file)}
                onMovePhoto={(from, to) => swap.mutate({ outletId: id, menuId: menu.id, from, to })}
                onDeletePhoto={(photoIndex) => removePhoto.mutate({ outletId: id, menuId: menu.id, index: photoIndex })}
              />
            ))}
          </ol>
        )}
      </QueryState>
    </BizPage>
  );
}

type MenuSectionProps = {
  menu: BusinessMenu;
  first: boolean;
  last: boolean;
  busy: boolean;
  uploading: boolean;
  onRename: (title: string) => void;
  onMove: (delta: -1 | 1) => void;
  onDelete: () => void;
  onUpload: (file: File) => void;
  onMovePhoto: (from: number, to: number) => void;
  onDeletePhoto: (index: number) => void;
};

function MenuSection({ menu, first, last, busy, uploading, onRename, onMove, onDelete, onUpload, onMovePhoto, onDeletePhoto }: MenuSectionProps) {
  const { t } = useLingui();
  const [title, setTitle] = useState(menu.title);
  const label = menu.title || t`Untitled menu`;
  return (
    <li className="biz-card menu-section">
      <div className="menu-section__head">
        <input
          className="field__input menu-section__title"
          aria-label={t`Title of ${label}`}
          value={title}
          placeholder={t`Untitled menu`}
          maxLength={60}
          onChange={(event) => setTitle(event.target.value)}
          onBlur={() => {
            if (title.trim() !== menu.title) onRename(title.trim());
          }}
        />
        <div className="biz-row-actions">
          <Button variant="secondary" size="sm" aria-label={t`Move ${label} up`} disabled={first || busy} onClick={() => onMove(-1)}>
            ↑
          </Button>
          <Button variant="secondary" size="sm" aria-label={t`Move ${label} down`} disabled={last || busy} onClick={() => onMove(1)}>
            ↓
          </Button>
          <Button variant="ghost" size="sm" aria-label={t`Delete ${label}`} disabled={busy} onClick={onDelete}>
            <Trans>Delete</Trans>
          </Button>
        </div>
      </div>
      <ul className="biz-photo-grid">
        {menu.photos.map((photo, i) => {
          const page = i + 1;
          return (
            <li key={photo.url} className="photo-tile">
              <img src={photo.url} alt={t`${label} page ${page}`} loading="lazy" width={photo.width} height={photo.height} />
              <div className="photo-tile__actions">
                <Button variant="secondary" size="sm" aria-label={t`Move page ${page} earlier`} disabled={i === 0 || busy} onClick={() => onMovePhoto(photo.index, photo.index - 1)}>
                  ←
                </Button>
                <Button
                  variant="secondary"
                  size="sm"
                  aria-label={t`Move page ${page} later`}
                  disabled={i === menu.photos.length - 1 || busy}
                  onClick={() => onMovePhoto(photo.index, photo.index + 1)}
                >
                  →
                </Button>
                <Button variant="ghost" size="sm" aria-label={t`Delete page ${page}`} disabled={busy} onClick={() => onDeletePhoto(photo.index)}>
                  <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          );
        })}
      </ul>
      <label className={`btn btn--secondary btn--sm upload-box__button${uploading ? ' is-disabled' : ''}`}>
        {uploading ? <Trans>Uploading…</Trans> : <Trans>Add a menu photo</Trans>}
        <input
          type="file"
          accept="image/jpeg,image/png,image/webp"
          className="visually-hidden"
          disabled={uploading}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onUpload(file);
            event.target.value = '';
          }}
        />
      </label>
    </li>
  );
}
