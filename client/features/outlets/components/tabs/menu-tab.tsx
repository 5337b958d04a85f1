import { Trans, useLingui } from '@lingui/react/macro';
import { QueryState } from '@client/components/ui/query-state';
import { useState } from 'react';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';
import { PhotoViewer, type ViewerPhoto } from './photo-viewer';

/** Menu cards; the placeholder (empty title, no photos) reads as "menu coming soon". */
export function MenuTab({ outletId }: { outletId: number }) {
  const { t } = useLingui();
  const menu = trpc.outlets.menu.useQuery({ outletId });
  return (
    <QueryState
      query={menu}
      loadingLabel={t`Loading menu`}
      errorMessage={t`We couldn't load the menu.`}
      isEmpty={(data) => shownMenus(data).length === 0}
      empty={
        <p className="empty-note">
          <Trans>This outlet hasn't added its menu yet.</Trans>
        </p>
      }
    >
      {(data) => <MenuSections menus={shownMenus(data)} />}
    </QueryState>
  );
}

type OutletMenu = RouterOutputs['outlets']['menu'];

/** The placeholder (empty title, no photos) is not shown. */
const shownMenus = (data: OutletMenu) => data.menus.filter((m) => m.photos.length > 0 || m.title !== '');

function MenuSections({ menus }: { menus: OutletMenu['menus'] }) {
  const { t } = useLingui();
  // The open menu card and page: the viewer turns the pages of that card, zoomed to read.
  const [open, setOpen] = useState<{ menu: number; page: number } | null>(null);
  const pagesOf = (m: OutletMenu['menus'][number]): ViewerPhoto[] => {
    const title = m.title || t`Menu`;
    return m.photos.map((photo) => {
      const page = photo.position + 1;
      return { url: photo.url, width: photo.width, height: photo.height, alt: t`${title}, page ${page}` };
    });
  };
  const openMenu = open ? menus[open.menu] : undefined;
  return (
    <div className="tab-panel-body menu-sections">
      {menus.map((m, menuIndex) => {
        const title = m.title || t`Menu`;
        return (
          <section key={m.id ?? `placeholder-${m.titleSeq}`} className="tab-section" aria-label={title}>
            <h2 className="tab-section__title">{title}</h2>
            {m.photos.length > 0 ? (
              <ul className="photo-grid">
                {m.photos.map((photo, pageIndex) => {
                  const page = photo.position + 1;
                  return (
                    <PhotoGridItem
                      key={photo.position}
                      photo={photo}
                      alt={t`${title}, page ${page}`}
                      onOpen={() => setOpen({ menu: menuIndex, page: pageIndex })}
                    />
                  );
                })}
              </ul>
            ) : (
              <p className="muted">
                <Trans>Photos of this menu are coming soon.</Trans>
              </p>
            )}
          </section>
        );
      })}
      {open && openMenu ? (
        <PhotoViewer
          photos={pagesOf(openMenu)}
          index={open.page}
          onIndex={(page) => setOpen({ menu: open.menu, page })}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </div>
  );
}
