import { useEffect } from 'react';
import { useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import { paths } from '@client/app/paths';
import { BellIcon } from '@client/components/ui/icons';
import { useCurrentUser } from '@client/lib/auth';
import { trpc } from '@client/lib/trpc';
import { onPushMessage } from '@client/lib/web-push';

/** How often the badge asks for the unread count while the page is open (also on focus and on a push). */
const POLL_MS = 60_000;

/** The top bar's bell: a link to the inbox with the unread count (signed-in shoppers only). */
export function NotificationBell() {
  const { t } = useLingui();
  const { isLoggedIn } = useCurrentUser();
  const utils = trpc.useUtils();
  const unread = trpc.notifications.unreadCount.useQuery(undefined, {
    enabled: isLoggedIn,
    refetchInterval: POLL_MS,
    refetchOnWindowFocus: true,
    staleTime: 10_000,
  });

  useEffect(() => {
    if (!isLoggedIn) return;
    return onPushMessage(() => {
      void utils.notifications.unreadCount.invalidate();
      void utils.notifications.list.invalidate();
    });
  }, [isLoggedIn, utils]);

  if (!isLoggedIn) return null;
  const count = unread.data?.unread ?? 0;
  const label = count === 0 ? t`Notifications` : t`Notifications, ${count} unread`;
  return (
    <Link href={paths.notifications.href()} className="top-bar__bell" aria-label={label} title={t`Notifications`}>
      <BellIcon width={22} height={22} />
      {count > 0 ? (
        <span className="top-bar__bell-badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      ) : null}
    </Link>
  );
}
