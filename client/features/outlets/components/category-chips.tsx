import { useAtomValue, useSetAtom } from 'jotai';
import { InlineError } from '@client/components/ui/inline-error';
import { trpc } from '@client/lib/trpc';
import { selectCategoryAtom, selectedCategoryAtom } from '../atoms';

const SKELETON_COUNT = 6;

/** Category filter chips fed by `categories.list`; the choice persists for the session. */
export function CategoryChips() {
  const categories = trpc.categories.list.useQuery();
  const selected = useAtomValue(selectedCategoryAtom);
  const setSelected = useSetAtom(selectCategoryAtom);

  if (categories.isPending) {
    return (
      <div className="chips" role="status" aria-label="Loading categories">
        {Array.from({ length: SKELETON_COUNT }, (_, i) => (
          <span key={i} className="chip chip--skeleton" aria-hidden="true" />
        ))}
      </div>
    );
  }

  if (categories.isError) {
    return (
      <InlineError
        message="We couldn't load categories."
        onRetry={() => void categories.refetch()}
        retrying={categories.isFetching}
      />
    );
  }

  if (categories.data.length === 0) {
    return <p className="muted">No categories yet. Check back soon.</p>;
  }

  return (
    <div className="chips" role="group" aria-label="Categories">
      <button
        type="button"
        className="chip"
        aria-pressed={selected === null}
        onClick={() => setSelected(null)}
      >
        <span className="chip__icon" aria-hidden="true">
          ✨
        </span>
        <span>All</span>
      </button>
      {categories.data.map((category) => (
        <button
          key={category.id}
          type="button"
          className="chip"
          aria-pressed={selected === category.slug}
          onClick={() => setSelected(selected === category.slug ? null : category.slug)}
        >
          <span className="chip__icon" aria-hidden="true">
            {category.icon}
          </span>
          <span>{category.name}</span>
        </button>
      ))}
    </div>
  );
}
