import { Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue, useSetAtom } from 'jotai';
import { CategoryIcon } from '@client/components/ui/category-icon';
import { SparkleIcon } from '@client/components/ui/icons';
import { QueryState } from '@client/components/ui/query-state';
import { trpc, type RouterOutputs } from '@client/lib/trpc';
import { selectCategoryAtom, selectedCategoryAtom } from '../atoms';
import { useDiscoveryParams } from '../hooks/use-discovery-params';
import { localName } from '@client/lib/i18n';

const SKELETON_COUNT = 6;

/** Category filter chips fed by `categories.list`; the choice persists for the session. */
export function CategoryChips() {
  const { t } = useLingui();
  const categories = trpc.categories.list.useQuery();
  const selected = useAtomValue(selectedCategoryAtom);
  const selectCategory = useSetAtom(selectCategoryAtom);
  const [, updateDiscovery] = useDiscoveryParams();
  // SPEC §4: a category change resets the list, a search shown in it included.
  const setSelected = (slug: string | null) => {
    selectCategory(slug);
    updateDiscovery({ q: '' });
  };

  return (
    <QueryState
      query={categories}
      loading={
        <div className="chips" role="status" aria-label={t`Loading categories`}>
          {Array.from({ length: SKELETON_COUNT }, (_, i) => (
            <span key={i} className="chip chip--skeleton" aria-hidden="true" />
          ))}
        </div>
      }
      errorMessage={t`We couldn't load categories.`}
      isEmpty={(list) => list.length === 0}
      empty={
        <p className="muted">
          <Trans>No categories yet. Check back soon.</Trans>
        </p>
      }
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
  const { t } = useLingui();
  return (
    <div className="chips" role="group" aria-label={t`Categories`}>
      <button
        type="button"
        className="chip"
        aria-pressed={selected === null}
        onClick={() => onSelect(null)}
      >
        <span className="chip__icon" aria-hidden="true">
          <SparkleIcon width={18} height={18} />
        </span>
        <span>
          <Trans>All</Trans>
        </span>
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
            <CategoryIcon icon={category.icon} size={18} />
          </span>
          <span>{localName(category)}</span>
        </button>
      ))}
    </div>
  );
}
