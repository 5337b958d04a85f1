import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';

/** Menu cards; the placeholder (empty title, no photos) reads as "menu coming soon". */
export function MenuTab({ outletId }: { outletId: number }) {
  const menu = trpc.outlets.menu.useQuery({ outletId });
  return (
    <QueryState
      query={menu}
      loadingLabel="Loading menu"
      errorMessage="We couldn't load the menu."
      isEmpty={(data) => shownMenus(data).length === 0}
      empty={<p className="empty-note">This outlet hasn&rsquo;t added its menu yet.</p>}
    >
      {(data) => <MenuSections menus={shownMenus(data)} />}
    </QueryState>
  );
}

type OutletMenu = RouterOutputs['outlets']['menu'];

/** The placeholder (empty title, no photos) is not shown. */
const shownMenus = (data: OutletMenu) => data.menus.filter((m) => m.photos.length > 0 || m.title !== '');

function MenuSections({ menus }: { menus: OutletMenu['menus'] }) {
  return (
    <div className="tab-panel-body menu-sections">
      {menus.map((m) => (
        <section key={m.id ?? `placeholder-${m.titleSeq}`} className="tab-section" aria-label={m.title || 'Menu'}>
          <h2 className="tab-section__title">{m.title || 'Menu'}</h2>
          {m.photos.length > 0 ? (
            <ul className="photo-grid">
              {m.photos.map((photo) => (
                <PhotoGridItem key={photo.position} photo={photo} alt={`${m.title || 'Menu'}, page ${photo.position + 1}`} />
              ))}
            </ul>
          ) : (
            <p className="muted">Photos of this menu are coming soon.</p>
          )}
        </section>
      ))}
    </div>
  );
}
