import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'wouter';
import { InlineError } from '@client/components/ui/inline-error';
import { PageLoader } from '@client/components/ui/spinner';
import { useShopperGate } from '../hooks/use-shopper-gate';
import { LoginPrompt } from './login-prompt';

type OrderGateProps = {
  /** The page's `<title>` while it waits for a login or an order id. */
  title: string;
  /** What the shopper logs in to do ("finish paying"). */
  what: string;
  /** The card shown when the URL has no `?orderId=`. */
  missing: { heading: string; text: string; href: string; linkLabel: string };
  /** The page itself, once a shopper is logged in and the URL names an order. */
  children: (orderId: string) => ReactNode;
};

/**
 * The `?orderId=` pages (/payment-demo, /payment-success): a login prompt for a logged-out shopper, a
 * card that points elsewhere when there is no order id, otherwise the page for that order.
 */
export function OrderGate({ title, what, missing, children }: OrderGateProps) {
  const [search] = useSearchParams();
  const orderId = search.get('orderId') ?? '';
  const gate = useShopperGate();
  if (gate.isLoading) return <PageLoader />;
  if (!gate.isLoggedIn) {
    return (
      <div className="pay-page">
        <title>{title}</title>
        <LoginPrompt onLogin={gate.openLogin} what={what} />
      </div>
    );
  }
  if (!orderId) {
    return (
      <div className="pay-page">
        <title>{title}</title>
        <div className="pay-card">
          <h1 className="pay-title">{missing.heading}</h1>
          <p className="pay-subtitle">{missing.text}</p>
          <Link href={missing.href} className="btn btn--secondary btn--md">
            {missing.linkLabel}
          </Link>
        </div>
      </div>
    );
  }
  return children(orderId);
}

/** A payment page whose order could not be read: the error with a retry. */
export function OrderLoadError({
  title,
  query,
}: {
  title: string;
  query: { error: { message: string }; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <div className="pay-page">
      <title>{title}</title>
      <InlineError message={query.error.message} onRetry={() => void query.refetch()} retrying={query.isFetching} />
    </div>
  );
}
