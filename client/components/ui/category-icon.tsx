import { Suspense, lazy } from 'react';
import type * as DrawingsModule from './category-drawings';

type Drawings = typeof DrawingsModule;

let loaded: Drawings | undefined;

/** Loads the drawings ahead of a render (the server's render of the home page, client/app/server-render.tsx). */
export const preloadCategoryDrawings = (): Promise<void> =>
  import('./category-drawings').then((m) => {
    loaded = m;
  });

/**
 * The drawings (Lucide icons, one per key of CATEGORY_ICONS) come in a chunk of their own, fetched
 * when the first category is drawn: they are decoration, and twenty of them would cost the home route's
 * first screen more than its budget allows (`npm run bench -- bundle`). The box keeps its size while
 * they load, so nothing moves. Once loaded ahead (`preloadCategoryDrawings`), a render draws them at
 * once: React reads an already-settled answer without suspending.
 */
const CategoryDrawing = lazy(() =>
  loaded
    ? ({ then: (resolve: (m: Drawings) => void) => resolve(loaded!) } as Promise<Drawings>)
    : import('./category-drawings'),
);

/** A category's icon (decorative: the chip or card names the category). */
export function CategoryIcon({ icon, size, className }: { icon: string; size: 16 | 18; className?: string }) {
  // The box's size is a class: the page's CSP allows no `style` attribute in server-rendered HTML.
  const classes = ['category-icon', `category-icon--${size}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes} aria-hidden="true">
      <Suspense fallback={null}>
        <CategoryDrawing icon={icon} width={size} height={size} />
      </Suspense>
    </span>
  );
}
