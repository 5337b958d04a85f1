import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { Bill } from '@server/modules/bills/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { QueryState } from '@client/components/ui/query-state';
import { trpc } from '@client/lib/trpc';
import { formatClockTime, formatPercent, formatRupeesExact } from '@client/lib/format';
import { Sheet } from '@client/components/ui/sheet';
import { ShuffleCards } from './shuffle-cards';

/** /payment-breakdown/{id}/convinience-fees: what the fee and its GST are, with this bill's figures. */
export function ConvenienceFeesOverlay({ bill, onClose }: { bill: Bill; onClose: () => void }) {
  return (
    <Sheet title="Convenience fee" onClose={onClose} className="sheet__panel--pay">
      <p>
        A small convenience fee covers the secure card and UPI payment. It is worked out on the amount after your
        discounts, and GST is charged on the fee as Indian law requires. Both are shown in full before you pay;
        nothing is added later.
      </p>
      <dl className="breakdown fee-table" aria-label="Fee for this bill">
        <div className="breakdown__row">
          <dt>Amount after discounts</dt>
          <dd>{formatRupeesExact(bill.subtotalPaise)}</dd>
        </div>
        <div className="breakdown__row">
          <dt>Convenience fee ({formatPercent(bill.convenienceFeePercent)})</dt>
          <dd>{formatRupeesExact(bill.convenienceFeePaise)}</dd>
        </div>
        <div className="breakdown__row">
          <dt>GST on the fee ({formatPercent(bill.gstPercent)})</dt>
          <dd>{formatRupeesExact(bill.gstPaise)}</dd>
        </div>
        <div className="breakdown__row breakdown__row--total">
          <dt>You pay</dt>
          <dd>{formatRupeesExact(bill.amountPaise)}</dd>
        </div>
      </dl>
      <p className="muted">
        Each amount is rounded to the nearest paisa, and the lines always add up to what you pay.
      </p>
      <Button onClick={onClose}>Got it</Button>
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
  const { minPercent, maxPercent } = bill.shuffleRange;
  return (
    <Sheet title="How Shuffle Cards works" onClose={onClose} className="sheet__panel--pay">
      <ol className="steps-list">
        <li>
          Every card hides an extra discount between {formatPercent(minPercent)} and {formatPercent(maxPercent)} at{' '}
          {bill.outletName}. There are no blank cards.
        </li>
        <li>We shuffle the cards face down. Pick one and press Reveal to turn it over.</li>
        <li>
          Your discount is saved as a coupon in your profile and applies on top of the instant discount, until the
          outlet closes today.
        </li>
        <li>You get one free shuffle a day at each outlet. A Golden Key from Refer &amp; Earn buys another.</li>
        <li>The card&rsquo;s value is drawn securely on our server the moment you reveal it; nobody can pick it.</li>
      </ol>
      <Link href={shuffleHref} className="btn btn--primary btn--md">
        Play Shuffle Cards
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
      loadingLabel="Dealing the cards"
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
                {freeAvailable
                  ? 'Shuffle Cards is not available right now.'
                  : "You have used today's free shuffle at this outlet."}
              </strong>
            </p>
            <p>{goldKeys > 0 ? `You have ${goldKeys} Golden Keys.` : 'You have no Golden Keys left. Refer a friend to earn more.'}</p>
            <Link href={paths.referEarn.href()} className="btn btn--secondary btn--sm">
              Refer &amp; earn Golden Keys
            </Link>
          </div>
        ) : (
          <>
            {!freeAvailable ? (
              <p className="golden-key-offer">
                You&rsquo;ve used today&rsquo;s free shuffle here. One more costs 1 Golden Key (you have {goldKeys}).
              </p>
            ) : null}
            <ShuffleCards
              minPercent={minPercent}
              maxPercent={maxPercent}
              dealLabel={freeAvailable ? 'Shuffle the cards' : 'Use 1 Golden Key to shuffle'}
              deal={() => Promise.resolve({ cards: cardCount })}
              reveal={async (card) => {
                const result = await save.mutateAsync({ outletId, card, useGoldKey: !freeAvailable });
                setWon({ percent: result.coupon.discountPercent, validUntil: result.coupon.validUntil });
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

  return (
    <Sheet title="Shuffle Cards" onClose={onClose} className="sheet__panel--pay pay-sheet__panel--game">
      {body}
      {won ? (
        <>
          <p className="muted">
            Saved as a coupon, valid until{' '}
            {formatClockTime(won.validUntil)}{' '}
            today. It&rsquo;s already on your bill.
          </p>
          <Button onClick={onClose}>See my new total</Button>
        </>
      ) : (
        <Link href={howItWorksHref} className="text-button">
          How it works
        </Link>
      )}
    </Sheet>
  );
}
