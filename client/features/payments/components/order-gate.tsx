import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { paths } from '@client/app/paths';
import { InlineError } from '@client/components/ui/inline-error';
import { PageLoader } from '@client/components/ui/spinner';
import { errorCode } from '@client/lib/trpc-errors';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { LoginPrompt } from './login-prompt';

type CardLink = { href: string; label: string };

type OrderGateProps = {
  /** The page's `<title>` while it waits for a login or an order id. */
  title: string;
  /** The login prompt's heading ("Log in to finish paying"). */
  loginHeading: ReactNode;
  /** The card shown when the URL has no `?orderId=`; its links are the history and home unless given. */
  missing: { heading: string; text: string; links?: CardLink[] };
  /** The page itself, once a shopper is logged in and the URL names an order. */
  children: (orderId: string) => ReactNode;
};

/** Order ids are UUIDs; anything else cannot name an order, so it is not even asked for. */
const ORDER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A centred card with a heading, a line and links (no order to show, or an order we cannot find). */
export function PayNotice({ title, heading, text, links }: { title: string; heading: string; text: string; links: CardLink[] }) {
  return (
    <div className="pay-page">
      <title>{title}</title>
      <div className="pay-card pay-notice-card">
        <h1 className="pay-title">{heading}</h1>
        <p className="pay-subtitle">{text}</p>
        <div className="pay-notice-card__links">
          {links.map((l, i) => (
            <Link key={l.href} href={l.href} className={`btn ${i === 0 ? 'btn--primary' : 'btn--secondary'} btn--md`}>
              {l.label}
            </Link>
          ))}
        </div>
      </div>
    </div>
  );
}

/** Where a card about a payment that is not here sends the shopper: the history (its receipts), else home. */
function useHistoryAndHome(): CardLink[] {
  const { t } = useLingui();
  return [
    { href: paths.redeemedHistory.href(), label: t`Open history` },
    { href: paths.home.href(), label: t`Back to home` },
  ];
}

/** The card for an order id that names none of the shopper's orders (mistyped, old or someone else's link). */
export function PaymentNotFound() {
  const { t } = useLingui();
  const links = useHistoryAndHome();
  return (
    <PayNotice
      title={t`Payment not found · Bachat`}
      heading={t`We couldn't find that payment`}
      text={t`The link may be incomplete or belong to another account. Your payments, receipts and refunds are in your history.`}
      links={links}
    />
  );
}

/**
 * The `?orderId=` pages (/payment-demo, /payment-success, /payment-failure): a login prompt for a
 * logged-out shopper, a card that points elsewhere when there is no order id, "we couldn't find that
 * payment" for an id that cannot be one, otherwise the page for that order.
 */
export function OrderGate({ title, loginHeading, missing, children }: OrderGateProps) {
  const [search] = useSearchParams();
  const orderId = (search.get('orderId') ?? '').trim();
  const gate = useShopperGate();
  const historyAndHome = useHistoryAndHome();
  if (gate.isLoading) return <PageLoader />;
  if (!gate.isLoggedIn) {
    return (
      <div className="pay-page">
        <title>{title}</title>
        <LoginPrompt onLogin={gate.openLogin} heading={loginHeading} />
      </div>
    );
  }
  if (!orderId) return <PayNotice title={title} heading={missing.heading} text={missing.text} links={missing.links ?? historyAndHome} />;
  if (!ORDER_ID.test(orderId)) return <PaymentNotFound />;
  return children(orderId.toLowerCase());
}

/**
 * A payment page whose order could not be read (a `QueryState` errorView): an order that is not the
 * shopper's (or not one at all) gets "we couldn't find that payment"; anything else (network, server)
 * the error with a retry.
 */
export function OrderLoadError({
  title,
  error,
  retry,
  retrying,
}: {
  title: string;
  error: unknown;
  retry: () => void;
  retrying: boolean;
}) {
  const { t } = useLingui();
  const code = errorCode(error);
  if (code === 'NOT_FOUND' || code === 'BAD_REQUEST') return <PaymentNotFound />;
  return (
    <div className="pay-page">
      <title>{title}</title>
      <InlineError
        message={t`We could not load this payment. Check your connection and try again.`}
        onRetry={retry}
        retrying={retrying}
      />
    </div>
  );
}
