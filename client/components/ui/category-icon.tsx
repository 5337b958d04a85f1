import { Suspense, lazy } from 'react';

/**
 * The drawings (Lucide icons, one per key of CATEGORY_ICONS) come in a chunk of their own, fetched
 * when the first category is drawn: they are decoration, and twenty of them would cost the home route's
 * first screen more than its budget allows (`npm run bench -- bundle`). The box keeps its size while
 * they load, so nothing moves.
 */
const CategoryDrawing = lazy(() => import('./category-drawings'));

/** A category's icon (decorative: the chip or card names the category). */
export function CategoryIcon({ icon, size, className }: { icon: string; size: number; className?: string }) {
  return (
    <span className={className ? `category-icon ${className}` : 'category-icon'} style={{ width: size, height: size }} aria-hidden="true">
      <Suspense fallback={null}>
        <CategoryDrawing icon={icon} width={size} height={size} />
      </Suspense>
    </span>
  );
}
