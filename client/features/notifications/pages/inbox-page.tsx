import { useEffect, useRef } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { InboxItem, InboxPage as InboxPageData } from '@server/modules/notifications/schema';
import { paths } from '@client/app/paths';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { BellIcon } from '@client/components/ui/icons';
import { useRequireLogin } from '@client/lib/auth';
import { formatDateTimeShort } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import '@client/styles/notifications.css';

/**
 * /notifications: the in-app inbox, newest first. Tapping an item marks it read (on the server, so every
 * device agrees) and opens its page; `?open={id}` does the same for a tapped push notification.
 */
export function InboxPage() {
  const { isLoggedIn } = useRequireLogin();
  if (!isLoggedIn) return <PageLoader />;
  return <Inbox />;
}

function Inbox() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const [search] = useSearchParams();
  const utils = trpc.useUtils();
  const list = trpc.notifications.list.useInfiniteQuery(
    { limit: 20 },
    { getNextPageParam: (last) => last.nextCursor ?? undefined, refetchOnWindowFocus: true, staleTime: 0 },
  );
  const refresh = () => {
    void utils.notifications.list.invalidate();
    void utils.notifications.unreadCount.invalidate();
  };
  const markRead = trpc.notifications.markRead.useMutation({ onSuccess: refresh });
  const markAll = trpc.notifications.markAllRead.useMutation({ onSuccess: refresh });

  // A push was tapped: mark it read and go to its page (the inbox stays behind it in history).
  const opened = useRef<string | null>(null);
  const open = search.get('open');
  useEffect(() => {
    if (!open || opened.current === open || !/^\d+$/.test(open)) return;
    opened.current = open;
    markRead.mutate(
      { id: Number(open) },
      {
        onSuccess: (item) => navigate(item.url, { replace: true }),
        onError: () => navigate(paths.notifications.href(), { replace: true }),
      },
    );
  }, [open, markRead, navigate]);

  const openItem = (item: InboxItem) => {
    if (!item.readAt) markRead.mutate({ id: item.id });
    navigate(item.url);
  };

  return (
    <div className="page inbox">
      <title>{t`Notifications · Bachat`}</title>
      <meta name="description" content={t`Your Bachat alerts: new and expiring coupons, deals near you and payment receipts.`} />
      <div className="inbox__header">
        <h1 className="inbox__title">
          <Trans>Notifications</Trans>
        </h1>
        {list.data && unreadOf(list.data.pages) > 0 ? (
          <button type="button" className="btn btn--secondary btn--sm" disabled={markAll.isPending} onClick={() => markAll.mutate()}>
            <Trans>Mark all as read</Trans>
          </button>
        ) : null}
      </div>
      <QueryState
        query={list}
        loading={<PageLoader />}
        errorMessage={t`We couldn't load your notifications.`}
        isEmpty={(data) => data.pages[0]?.items.length === 0}
        empty={<EmptyInbox />}
      >
        {(data) => (
          <>
            <ul className="inbox__list">
              {data.pages.flatMap((p) => p.items).map((item) => (
                <li key={item.id}>
                  <button type="button" className={`inbox-item${item.readAt ? '' : ' inbox-item--unread'}`} onClick={() => openItem(item)}>
                    <span className="inbox-item__dot" aria-hidden="true" />
                    <span className="inbox-item__text">
                      <span className="inbox-item__title">
                        {item.title}
                        {item.readAt ? null : <span className="visually-hidden"> {t`(unread)`}</span>}
                      </span>
                      <span className="inbox-item__body">{item.body}</span>
                      <time className="inbox-item__time" dateTime={new Date(item.createdAt).toISOString()}>
                        {formatDateTimeShort(item.createdAt)}
                      </time>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <button type="button" className="btn btn--secondary btn--sm inbox__more" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                {list.isFetchingNextPage ? t`Loading…` : t`Show older`}
              </button>
            ) : null}
          </>
        )}
      </QueryState>
      <p className="inbox__settings">
        <Trans>
          Choose which alerts you get in <Link href={paths.settings.href()}>Settings</Link>.
        </Trans>
      </p>
    </div>
  );
}

const unreadOf = (pages: InboxPageData[]) => pages[0]?.unread ?? 0;

function EmptyInbox() {
  return (
    <div className="inbox__empty">
      <BellIcon width={40} height={40} />
      <p>
        <Trans>No notifications yet. New coupons, deals near you and your payment receipts will show up here.</Trans>
      </p>
      <Link href={paths.home.href()} className="btn btn--secondary btn--sm">
        <Trans>Find offers</Trans>
      </Link>
    </div>
  );
}
