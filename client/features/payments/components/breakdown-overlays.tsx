import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Bill } from '@server/modules/bills/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { formatPercent, formatValidUntil } from '@client/lib/format';
import { BillTable } from '@client/components/ui/bill-table';
import { Sheet } from '@client/components/ui/sheet';
import { ShuffleCards } from './shuffle-cards';

/** /payment-breakdown/{id}/convinience-fees: what the fee and its GST are, with this bill's figures. */
export function ConvenienceFeesOverlay({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Sheet title={t`Convenience fee`} onClose={onClose} className="sheet__panel--pay">
      <p>
        <Trans>
          A small convenience fee covers the secure card and UPI payment. It is worked out on the amount after your
          discounts, and GST is charged on the fee as Indian law requires. Both are shown in full before you pay;
          nothing is added later.
        </Trans>
      </p>
      <BillTable
        figures={bill}
        from="subtotal"
        percents={{ fee: bill.convenienceFeePercent, gst: bill.gstPercent }}
        total="youPay"
        className="fee-table"
        aria-label={t`Fee for this bill`}
      />
      <p className="muted">
        <Trans>Each amount is rounded to the nearest paisa, and the lines always add up to what you pay.</Trans>
      </p>
      <Button onClick={onClose}>
        <Trans>Got it</Trans>
      </Button>
    </Sheet>
  );
}

/** /payment-breakdown/{id}/shuffle/how-it-works */
export function ShuffleHowItWorksOverlay({
  bill,
  onClose,
  shuffleHref,
}: {
  bill: Bill;
  onClose: () => void;
  shuffleHref: string;
}) {
  const { t } = useLingui();
  const min = formatPercent(bill.shuffleRange.minPercent);
  const max = formatPercent(bill.shuffleRange.maxPercent);
  const outlet = bill.outletName;
  return (
    <Sheet title={t`How Shuffle Cards works`} onClose={onClose} className="sheet__panel--pay">
      <ol className="steps-list">
        <li>
          <Trans>
            Every card hides an extra discount between {min} and {max} at {outlet}. There are no blank cards.
          </Trans>
        </li>
        <li>
          <Trans>We shuffle the cards face down. Pick one and press Reveal to turn it over.</Trans>
        </li>
        <li>
          <Trans>
            Your discount is saved as a coupon in your profile and applies on top of the instant discount, until the outlet
            closes today.
          </Trans>
        </li>
        <li>
          <Trans>You get one free shuffle a day at each outlet. A Golden Key from Refer &amp; Earn buys another.</Trans>
        </li>
        <li>
          <Trans>The card's value is drawn securely on our server the moment you reveal it; nobody can pick it.</Trans>
        </li>
      </ol>
      <Link href={shuffleHref} className="btn btn--primary btn--md">
        <Trans>Play Shuffle Cards</Trans>
      </Link>
    </Sheet>
  );
}

/** /payment-breakdown/{id}/shuffle: the game, backed by shuffles.deal and shuffles.save. */
export function ShuffleOverlay({
  outletId,
  onClose,
  howItWorksHref,
}: {
  outletId: number;
  onClose: () => void;
  howItWorksHref: string;
}) {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  // One snapshot of the deal for this visit: it must not change under the shopper mid-game.
  const deal = trpc.shuffles.deal.useQuery(
    { outletId },
    { staleTime: Infinity, refetchOnWindowFocus: false, refetchOnReconnect: false },
  );
  const save = trpc.shuffles.save.useMutation();
  const [won, setWon] = useState<{ percent: number; validUntil: Date } | null>(null);

  // The next visit asks the server again (free shuffle used, Golden Keys spent).
  useEffect(() => () => void utils.shuffles.deal.invalidate({ outletId }), [utils, outletId]);

  const body = (
    <QueryState
      query={deal}
      loadingLabel={t`Dealing the cards`}
      errorView={(error) => (
        <p className="shuffle__error" role="alert">
          {error.message}
        </p>
      )}
    >
      {({ canShuffle, freeAvailable, goldKeys, minPercent, maxPercent, cardCount }) =>
        !canShuffle && !won ? (
          <div className="golden-key-offer">
            <p>
              <strong>
                {freeAvailable ? (
                  <Trans>Shuffle Cards is not available right now.</Trans>
                ) : (
                  <Trans>You have used today's free shuffle at this outlet.</Trans>
                )}
              </strong>
            </p>
            <p>
              <GoldKeys count={goldKeys} />
            </p>
            <Link href={paths.referEarn.href()} className="btn btn--secondary btn--sm">
              <Trans>Refer &amp; earn Golden Keys</Trans>
            </Link>
          </div>
        ) : (
          <>
            {!freeAvailable ? (
              <p className="golden-key-offer">
                <Trans>You've used today's free shuffle here. One more costs 1 Golden Key (you have {goldKeys}).</Trans>
              </p>
            ) : null}
            <ShuffleCards
              minPercent={minPercent}
              maxPercent={maxPercent}
              dealLabel={freeAvailable ? t`Shuffle the cards` : t`Use 1 Golden Key to shuffle`}
              deal={() => Promise.resolve({ cards: cardCount })}
              reveal={async (card) => {
                const result = await save.mutateAsync({ outletId, card, useGoldKey: !freeAvailable });
                setWon({ percent: result.coupon.discountPercent, validUntil: result.coupon.validUntil });
                // The Golden Keys left are the server's count from now on, in this dialog (its deal is a
                // snapshot) and wherever keys are counted (issue 28: the dialog still said the old count).
                utils.shuffles.deal.setData({ outletId }, (old) =>
                  old ? { ...old, freeAvailable: false, goldKeys: result.goldKeys, canShuffle: old.canShuffle && result.goldKeys > 0 } : old,
                );
                void utils.referrals.mine.invalidate();
                void utils.bills.get.invalidate();
                void utils.coupons.list.invalidate();
                void utils.users.me.invalidate();
                return {
                  percent: result.coupon.discountPercent,
                  others: result.otherCards.map((o) => ({ card: o.card, percent: o.discountPercent })),
                };
              }}
            />
          </>
        )
      }
    </QueryState>
  );

  const until = won ? formatValidUntil(won.validUntil) : '';
  return (
    <Sheet title={t`Shuffle Cards`} onClose={onClose} className="sheet__panel--pay pay-sheet__panel--game">
      {body}
      {won ? (
        <>
          <p className="muted">
            <Trans>Saved as a coupon, valid until {until}. It's already on your bill.</Trans>
          </p>
          <Button onClick={onClose}>
            <Trans>See my new total</Trans>
          </Button>
        </>
      ) : (
        <Link href={howItWorksHref} className="text-button">
          <Trans>How it works</Trans>
        </Link>
      )}
    </Sheet>
  );
}

/** How many Golden Keys the shopper has, or how to get more. */
function GoldKeys({ count }: { count: number }) {
  if (count === 0) return <Trans>You have no Golden Keys left. Refer a friend to earn more.</Trans>;
  return <Plural value={count} one="You have # Golden Key." other="You have # Golden Keys." />;
}
