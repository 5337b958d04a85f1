import { useAtomValue, useSetAtom } from 'jotai';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { selectCategoryAtom, selectedCategoryAtom } from '../atoms';

const SKELETON_COUNT = 6;

/** Category filter chips fed by `categories.list`; the choice persists for the session. */
export function CategoryChips() {
  const categories = trpc.categories.list.useQuery();
  const selected = useAtomValue(selectedCategoryAtom);
  const setSelected = useSetAtom(selectCategoryAtom);

  return (
    <QueryState
      query={categories}
      loading={
        <div className="chips" role="status" aria-label="Loading categories">
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <span key={i} className="chip chip--skeleton" aria-hidden="true" />
          ))}
        </div>
      }
      errorMessage="We couldn't load categories."
      isEmpty={(list) => list.length === 0}
      empty={<p className="muted">No categories yet. Check back soon.</p>}
    >
      {(list) => <Chips categories={list} selected={selected} onSelect={setSelected} />}
    </QueryState>
  );
}

type ChipsProps = {
  categories: RouterOutputs['categories']['list'];
  selected: string | null;
  onSelect: (slug: string | null) => void;
};

function Chips({ categories, selected, onSelect }: ChipsProps) {
  return (
    <div className="chips" role="group" aria-label="Categories">
      <button
        type="button"
        className="chip"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        <span className="chip__icon" aria-hidden="true">
          ✨
        </span>
        <span>All</span>
      </button>
      {categories.map((category) => (
        <button
          key={category.id}
          type="button"
          className="chip"
          aria-pressed={selected === category.slug}
          onClick={() => onSelect(selected === category.slug ? null : category.slug)}
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
