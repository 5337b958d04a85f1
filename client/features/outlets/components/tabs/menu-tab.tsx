import { InlineError } from '@client/components/ui/inline-error';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { PhotoGridItem } from './photo-grid-item';

/** Menu cards; the placeholder (empty title, no photos) reads as "menu coming soon". */
export function MenuTab({ outletId }: { outletId: number }) {
  const menu = trpc.outlets.menu.useQuery({ outletId });

  if (menu.isPending) return <Spinner label="Loading menu" />;
  if (menu.isError) return <InlineError message="We couldn't load the menu." onRetry={() => void menu.refetch()} />;

  const menus = menu.data.menus.filter((m) => m.photos.length > 0 || m.title !== '');
  if (menus.length === 0) {
    return <p className="empty-note">This outlet hasn&rsquo;t added its menu yet.</p>;
  }
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
