import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'wouter';
import { paths } from '@client/app/paths';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/trpc-errors';
import { trpc } from '@client/lib/trpc';
import '@client/styles/notifications.css';

/**
 * /unsubscribe?t=…: an email's unsubscribe link. Opening it changes nothing (mail scanners open every
 * link); the button turns that one setting off. No sign-in: the link is the key. Mail clients' one-click
 * button posts to /api/notifications/unsubscribe instead (RFC 8058).
 */
export function UnsubscribePage() {
  const { t } = useLingui();
  const [search] = useSearchParams();
  const token = search.get('t') ?? '';
  const what = trpc.notifications.describeUnsubscribe.useQuery({ token }, { enabled: token.length >= 10, retry: false });
  const done = trpc.notifications.unsubscribe.useMutation();

  return (
    <div className="page unsubscribe">
      <title>{t`Unsubscribe · Bachat`}</title>
      <section className="unsubscribe__card" aria-labelledby="unsubscribe-title">
        {token.length < 10 ? (
          <Invalid />
        ) : (
          <QueryState query={what} loading={<PageLoader />} errorView={() => <Invalid />}>
            {({ label }) =>
              done.isSuccess ? (
                <>
                  <h1 id="unsubscribe-title" className="unsubscribe__title">
                    <Trans>You are unsubscribed</Trans>
                  </h1>
                  <p role="status">
                    <Trans>We will not send you "{label}" any more. Your other alerts are unchanged; you can turn this one back on in Settings.</Trans>
                  </p>
                  <Link href={paths.settings.href()} className="btn btn--secondary btn--md">
                    <Trans>Open Settings</Trans>
                  </Link>
                </>
              ) : (
                <>
                  <h1 id="unsubscribe-title" className="unsubscribe__title">
                    <Trans>Stop "{label}"?</Trans>
                  </h1>
                  <p>
                    <Trans>Only this alert is turned off. Everything else stays as it is.</Trans>
                  </p>
                  {done.isError ? (
                    <p className="form-error" role="alert">
                      {messageOf(done.error, t`We could not unsubscribe you. Please try again.`)}
                    </p>
                  ) : null}
                  <button type="button" className="btn btn--primary btn--md" disabled={done.isPending} onClick={() => done.mutate({ token })}>
                    {done.isPending ? t`Unsubscribing…` : t`Unsubscribe`}
                  </button>
                </>
              )
            }
          </QueryState>
        )}
      </section>
    </div>
  );
}

function Invalid() {
  const { t } = useLingui();
  return (
    <>
      <h1 id="unsubscribe-title" className="unsubscribe__title">
        {t`This link does not work`}
      </h1>
      <p>
        <Trans>This unsubscribe link is not valid. Change your alerts in Settings instead.</Trans>
      </p>
      <Link href={paths.settings.href()} className="btn btn--secondary btn--md">
        <Trans>Open Settings</Trans>
      </Link>
    </>
  );
}
