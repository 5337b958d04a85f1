import { useLingui } from '@lingui/react/macro';
import { useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { setAuthPageRedirect, sidebarStateAtom, useShopperSignedIn } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { messageOf, readTrpcError } from '@client/lib/trpc-errors';

type Props = { outletId: number; outletName: string; className?: string };

/**
 * The heart on outlet cards and the outlet page (issue 16). A signed-in shopper toggles the outlet
 * in their favourites at once (optimistic; undone if the server refuses); a signed-out one gets the
 * login panel and comes back to this page. Signed out, the heart holds no query or mutation of its
 * own: a first visit's list renders sixteen of them (issue 18: main-thread time on a slow phone).
 */
export function FavouriteButton(props: Props) {
  return useShopperSignedIn() ? <SignedInHeart {...props} /> : <SignedOutHeart {...props} />;
}

/** Where the login panel brings the shopper back to: this page, with its query. */
function useOpenLogin() {
  const [location] = useLocation();
  const search = useSearch();
  const setSidebarState = useSetAtom(sidebarStateAtom);
  return () => {
    setAuthPageRedirect(search ? `${location}?${search}` : location);
    setSidebarState('login');
  };
}

function SignedOutHeart({ outletId, outletName, className = '' }: Props) {
  const openLogin = useOpenLogin();
  return (
    <HeartButton
      outletId={outletId}
      outletName={outletName}
      className={className}
      isFavourite={false}
      pending={false}
      message={null}
      onToggle={openLogin}
    />
  );
}

function SignedInHeart({ outletId, outletName, className = '' }: Props) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const ids = trpc.favourites.ids.useQuery(undefined, { staleTime: 60_000 });
  const isFavourite = ids.data?.includes(outletId) ?? false;
  const [message, setMessage] = useState<string | null>(null);
  const openLogin = useOpenLogin();

  const settle = {
    onMutate: async () => {
      await utils.favourites.ids.cancel();
      const before = utils.favourites.ids.getData();
      utils.favourites.ids.setData(undefined, (list = []) => (list.includes(outletId) ? list.filter((x) => x !== outletId) : [...list, outletId]));
      return { before };
    },
    onError: (error: unknown, _input: unknown, context: { before?: number[] } | undefined) => {
      utils.favourites.ids.setData(undefined, context?.before);
      if (readTrpcError(error).code === 'UNAUTHORIZED') openLogin();
      else setMessage(messageOf(error, t`Could not update your favourites. Try again.`));
    },
    onSettled: () => {
      void utils.favourites.ids.invalidate();
      void utils.favourites.list.invalidate();
    },
  };
  const add = trpc.favourites.add.useMutation(settle);
  const remove = trpc.favourites.remove.useMutation(settle);

  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), 4000);
    return () => clearTimeout(timer);
  }, [message]);

  return (
    <HeartButton
      outletId={outletId}
      outletName={outletName}
      className={className}
      isFavourite={isFavourite}
      pending={add.isPending || remove.isPending}
      message={message}
      onToggle={() => {
        setMessage(null);
        if (isFavourite) remove.mutate({ outletId });
        else add.mutate({ outletId });
      }}
    />
  );
}

type HeartProps = Props & { isFavourite: boolean; pending: boolean; message: string | null; onToggle: () => void };

function HeartButton({ outletName, className = '', isFavourite, pending, message, onToggle }: HeartProps) {
  const { t } = useLingui();
  return (
    <span className={`fav ${className}`}>
      <button
        type="button"
        className="fav__btn"
        aria-pressed={isFavourite}
        aria-label={t`Favourite ${outletName}`}
        title={isFavourite ? t`In your favourites` : t`Add to favourites`}
        disabled={pending}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          onToggle();
        }}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
          <path
            d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
            fill={isFavourite ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="2"
            strokeLinejoin="round"
          />
        </svg>
      </button>
      {message ? (
        <span className="fav__message" role="status">
          {message}
        </span>
      ) : null}
    </span>
  );
}
