import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { Spinner } from '@client/components/ui/spinner';
import { setAuthPageRedirect, sidebarStateAtom, useCurrentUser } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { locationAtom } from '../atoms';
import { OutletList } from '../components/outlet-list';
import '@client/styles/outlets.css';
import '@client/styles/home.css';

const PAGE = 20;

/**
 * The shopper's favourite outlets (issue 16), in the profile area: the cards they hearted, newest
 * first, with today's offers. Signed-out shoppers get the login panel and come back here.
 */
export function FavouritesPage() {
  const { t } = useLingui();
  const auth = useCurrentUser();
  const place = useAtomValue(locationAtom);
  const setSidebarState = useSetAtom(sidebarStateAtom);
  const utils = trpc.useUtils();
  const mustLogin = !auth.isLoading && !auth.isLoggedIn;
  const point = place ? { latitude: place.latitude, longitude: place.longitude } : {};
  const list = useInfiniteQuery({
    queryKey: ['favourites.list', point],
    enabled: auth.isLoggedIn,
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) => utils.client.favourites.list.query({ offSet: pageParam, limit: PAGE, ...point }, { signal }),
    getNextPageParam: (last) => (last.hasMore ? last.offSet + 1 : undefined),
  });
  // The hearts keep `favourites.ids` up to date at once: a card un-hearted here leaves the list.
  const ids = trpc.favourites.ids.useQuery(undefined, { enabled: auth.isLoggedIn });

  const openLogin = () => {
    setAuthPageRedirect(paths.favourites.href());
    setSidebarState('login');
  };
  const asked = useRef(false);
  useEffect(() => {
    if (mustLogin && !asked.current) {
      asked.current = true;
      openLogin();
    }
  });

  const loaded = list.data?.pages.flatMap((p) => p.items) ?? [];
  const outlets = ids.data ? loaded.filter((o) => ids.data.includes(o.id)) : loaded;
  const total = (list.data?.pages[0]?.totalCount ?? 0) - (loaded.length - outlets.length);

  return (
    <div className="page favourites-page">
      <title>{t`My favourites · Bachat`}</title>
      <h1 className="page-title">
        <Trans>My favourites</Trans>
      </h1>
      {auth.isLoading ? (
        <Spinner size={40} label={t`Loading`} />
      ) : mustLogin ? (
        <div className="outlet-list__empty">
          <p>
            <Trans>Sign in to see the outlets you keep as favourites.</Trans>
          </p>
          <Button size="sm" onClick={openLogin}>
            <Trans>Sign in</Trans>
          </Button>
        </div>
      ) : (
        <>
          {total > 0 ? (
            <p className="muted">
              <Plural value={total} one="# outlet you keep coming back to." other="# outlets you keep coming back to." />
            </p>
          ) : null}
          <OutletList
            outlets={outlets}
            isPending={list.isPending}
            error={list.isError ? t`We couldn't load your favourites.` : null}
            onRetry={() => void list.refetch()}
            hasMore={list.hasNextPage}
            isFetchingMore={list.isFetchingNextPage}
            onLoadMore={async () => {
              if (list.isFetchingNextPage) return t`Already fetching`;
              await list.fetchNextPage();
              return null;
            }}
            emptyText={t`No favourites yet. Tap the heart on an outlet to keep it here.`}
            emptyAction={
              <Link href={paths.home.href()} className="btn btn--primary btn--sm">
                <Trans>Find outlets</Trans>
              </Link>
            }
          />
        </>
      )}
    </div>
  );
}
