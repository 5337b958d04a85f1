import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { QueryState } from '@client/components/ui/query-state';
import { PageLoader } from '@client/components/ui/spinner';
import { Button } from '@client/components/ui/button';
import { useRequireLogin } from '@client/lib/auth';
import { formatCount, formatDate } from '@client/lib/format';
import { trpc } from '@client/lib/trpc';
import { SHARE_MESSAGES, shareReferral, type ShareOutcome } from '../lib/share';
import '@client/styles/profile.css';
import { REFERRAL_REWARDS } from '@server/modules/referrals/schema';

/** Golden Keys a referral brings (the server's constant): the referrer's, and the friend's welcome. */
const referrerKeys = REFERRAL_REWARDS.referrerKeys;
const welcomeKeys = REFERRAL_REWARDS.welcomeKeys;

const REASON_LABELS: Record<string, MessageDescriptor> = {
  referral_bonus: msg`Friend joined with your code`,
  referral_welcome: msg`Welcome bonus`,
  shuffle_purchase: msg`Used on Shuffle Cards`,
  refund_return: msg({ message: 'Back with a full refund', comment: 'Golden Key history: the key returned because the bill it was spent on was refunded in full' }),
  adjustment: msg`Adjustment`,
};

export function ReferEarnPage() {
  const { t, i18n } = useLingui();
  const reasonLabel = (reason: string) => {
    const label = REASON_LABELS[reason];
    return label ? i18n._(label) : reason;
  };
  const { isLoggedIn } = useRequireLogin();
  const mine = trpc.referrals.mine.useQuery(undefined, { enabled: isLoggedIn });
  const [outcome, setOutcome] = useState<ShareOutcome | null>(null);
  const [sharing, setSharing] = useState(false);

  if (!isLoggedIn) return <PageLoader />;

  const shareUrl = mine.data ? new URL(mine.data.sharePath, window.location.origin).toString() : '';

  async function handleShare() {
    setSharing(true);
    try {
      setOutcome(await shareReferral(mine.data?.code, shareUrl));
    } finally {
      setSharing(false);
    }
  }

  async function handleCopyCode() {
    if (!mine.data?.code) {
      setOutcome({ kind: 'error', message: SHARE_MESSAGES.noCode() });
      return;
    }
    const code = mine.data.code;
    try {
      await navigator.clipboard.writeText(code);
      setOutcome({ kind: 'copied', message: t`Code ${code} copied.` });
    } catch {
      setOutcome({ kind: 'error', message: SHARE_MESSAGES.failed() });
    }
  }

  return (
    <div className="page account-page">
      <title>{t`Refer & earn Golden Keys · Bachat`}</title>
      <meta name="description" content={t`Invite friends to Bachat with your referral code and earn Golden Keys when they sign up.`} />

      <section className="refer-hero" aria-labelledby="refer-title">
        <h1 id="refer-title" className="refer-hero__title">
          <Trans>Refer &amp; earn</Trans>
        </h1>
        <p className="refer-hero__text">
          {/* How many: the server's own numbers (REFERRAL_REWARDS), never a copy (issue 28). */}
          <Plural
            value={referrerKeys}
            one="Invite friends to Bachat. For every friend who signs up with your code you get # Golden Key to unlock extra discounts with Shuffle Cards."
            other="Invite friends to Bachat. For every friend who signs up with your code you get # Golden Keys to unlock extra discounts with Shuffle Cards."
          />
        </p>
      </section>

      <QueryState query={mine} loading={<PageLoader />} errorMessage={t`We couldn't load your referral code.`}>
        {(referral) => (
          <>
            <section className="card refer-code" aria-labelledby="code-title">
              <h2 id="code-title" className="card__title">
                <Trans>Your referral code</Trans>
              </h2>
              <div className="refer-code__row">
                <p className="refer-code__value" data-testid="referral-code">
                  {referral.code}
                </p>
                <Button variant="secondary" size="sm" aria-label={t`Copy code`} onClick={() => void handleCopyCode()}>
                  <Trans>Copy</Trans>
                </Button>
              </div>
              <p className="refer-code__link">{shareUrl}</p>
              <Button onClick={() => void handleShare()} disabled={sharing}>
                <Trans>Share invite link</Trans>
              </Button>
              {outcome?.message ? (
                <p className={outcome.kind === 'error' ? 'form-error' : 'form-notice'} role="status">
                  {outcome.message}
                </p>
              ) : null}
            </section>

            <section className="stats" aria-label={t`Your rewards`}>
              <div className="stats__item">
                <p className="stats__value" data-testid="refer-golden-keys">
                  {formatCount(referral.goldKeys)}
                </p>
                <p className="stats__label">
                  <Trans>Golden Keys</Trans>
                </p>
              </div>
              <div className="stats__item">
                <p className="stats__value">{formatCount(referral.referredCount)}</p>
                <p className="stats__label">
                  <Trans>Friends joined</Trans>
                </p>
              </div>
            </section>

            <section className="card" aria-labelledby="how-title">
              <h2 id="how-title" className="card__title">
                <Trans>How it works</Trans>
              </h2>
              <ol className="steps">
                <li>
                  <Trans>Share your invite link or code with friends.</Trans>
                </li>
                <li>
                  <Trans>They sign up on Bachat with your code (new phone numbers only).</Trans>
                </li>
                <li>
                  <Plural
                    value={referrerKeys}
                    one="You earn # Golden Key as soon as they verify their number."
                    other="You earn # Golden Keys as soon as they verify their number."
                  />{' '}
                  <Plural
                    value={welcomeKeys}
                    one="Your friend gets # Golden Key to start with."
                    other="Your friend gets # Golden Keys to start with."
                  />
                </li>
              </ol>
            </section>

            {referral.recent.length > 0 ? (
              <section className="card" aria-labelledby="ledger-title">
                <h2 id="ledger-title" className="card__title">
                  <Trans>Recent Golden Keys</Trans>
                </h2>
                <ul className="ledger">
                  {referral.recent.map((entry) => (
                    <li key={entry.id} className="ledger__row">
                      <div>
                        <p className="ledger__reason">{reasonLabel(entry.reason)}</p>
                        <p className="ledger__date">{formatDate(entry.createdAt)}</p>
                      </div>
                      <p className={`ledger__delta${entry.delta < 0 ? ' ledger__delta--minus' : ''}`}>
                        {entry.delta > 0 ? `+${entry.delta}` : entry.delta}
                      </p>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
    </div>
  );
}
