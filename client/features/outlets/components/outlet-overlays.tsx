import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { paths } from '@client/app/paths';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { formatPercent, formatTimeOfDay } from '@client/lib/format';
import { offerLabel } from '../lib/format';
import { Sheet } from '@client/components/ui/sheet';

type OverlayProps = { outlet: OutletDetails; onClose: () => void; basePath: string };

function PayBillLink({ outlet }: { outlet: OutletDetails }) {
  return (
    <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md sheet__cta">
      <Trans>Pay Bill</Trans>
    </Link>
  );
}

export function HowItWorksOverlay({ outlet, onClose }: OverlayProps) {
  const { t } = useLingui();
  const name = outlet.name;
  return (
    <Sheet title={t`How it works`} onClose={onClose}>
      <ol className="steps">
        <li>
          <Trans>Enable location and pick an outlet near you.</Trans>
        </li>
        <li>
          <Trans>Tap Pay Bill at the outlet.</Trans>
        </li>
        <li>
          <Trans>Enter the final bill amount (₹50 or more).</Trans>
        </li>
        <li>
          <Trans>Your instant discount comes off straight away.</Trans>
        </li>
        <li>
          <Trans>Play Shuffle Cards to unlock an additional discount.</Trans>
        </li>
        <li>
          <Trans>Pay securely by card or UPI. Done!</Trans>
        </li>
      </ol>
      <p className="muted sheet__note">
        <Trans>Bachat's discount is on top of {name}'s own offers. Refunds are handled by the outlet.</Trans>
      </p>
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

export function InstantOfferOverlay({ outlet, onClose }: OverlayProps) {
  const { t } = useLingui();
  const offer = outlet.liveOffer;
  const name = outlet.name;
  const percent = offer ? formatPercent(offer.discountPercent, { decimals: 1 }) : '';
  const until = offer?.endsAt ? formatTimeOfDay(offer.endsAt) : null;
  return (
    <Sheet title={t`Instant offer`} onClose={onClose}>
      {offer ? (
        <div className="instant-offer">
          <p className="instant-offer__pct">
            <Trans>{percent} off</Trans>
          </p>
          <p className="instant-offer__title">{offerLabel(offer)}</p>
          <p className="muted">
            {until ? (
              <Trans>
                Applied instantly to your final bill at {name} when you pay with Bachat, until {until} today. Minimum
                bill ₹50.
              </Trans>
            ) : (
              <Trans>Applied instantly to your final bill at {name} when you pay with Bachat today. Minimum bill ₹50.</Trans>
            )}
          </p>
        </div>
      ) : (
        <p className="muted">
          <Trans>There's no instant discount live at {name} right now. Check the upcoming offers for the next one.</Trans>
        </p>
      )}
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

export function ShuffleUnlockOverlay({ outlet, onClose }: OverlayProps) {
  const { t } = useLingui();
  const min = formatPercent(outlet.shuffleMinPercent, { decimals: 1 });
  const max = formatPercent(outlet.shuffleMaxPercent, { decimals: 1 });
  return (
    <Sheet title={t`Shuffle unlock`} onClose={onClose}>
      <div className="instant-offer">
        <p className="instant-offer__pct">
          {min}–{max}
        </p>
        <p className="instant-offer__title">
          <Trans>extra with Shuffle Cards</Trans>
        </p>
      </div>
      <ol className="steps">
        <li>
          <Trans>Tap Pay Bill and enter your final bill.</Trans>
        </li>
        <li>
          <Trans>Shuffle the cards and pick one to reveal your additional discount.</Trans>
        </li>
        <li>
          <Trans>It's saved as a coupon in your profile, valid until the outlet closes today.</Trans>
        </li>
        <li>
          <Trans>Use Golden Keys from Refer &amp; Earn to unlock an extra shuffle.</Trans>
        </li>
      </ol>
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

/** `{offer}` (a scheduled offer's id) and its how-it-works. */
export function OfferOverlay({ outlet, onClose, basePath, offerId, howItWorks }: OverlayProps & { offerId: string; howItWorks: boolean }) {
  const { t } = useLingui();
  const today = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'today' });
  const tomorrow = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'tomorrow' });
  const all = [...(today.data?.offers ?? []), ...(tomorrow.data?.offers ?? [])];
  const offer = all.find((o) => String(o.id) === offerId || String(o.promotionId) === offerId);
  const pending = today.isPending || tomorrow.isPending;
  const name = outlet.name;
  const from = offer ? formatTimeOfDay(offer.startsAt) : '';
  const to = offer ? formatTimeOfDay(offer.endsAt) : '';

  if (howItWorks) {
    const title = offer?.title;
    return (
      <Sheet title={title ? t`How "${title}" works` : t`How it works`} onClose={onClose}>
        <ol className="steps">
          <li>
            {offer ? (
              <Trans>
                Visit {name} while the offer is live ({from} – {to}).
              </Trans>
            ) : (
              <Trans>Visit {name} while the offer is live.</Trans>
            )}
          </li>
          <li>
            <Trans>Tap Pay Bill and enter your final bill (₹50 or more).</Trans>
          </li>
          <li>
            <Trans>The offer's discount is applied instantly; shuffle for an additional discount.</Trans>
          </li>
          <li>
            <Trans>Pay in the app and show the confirmation at the counter.</Trans>
          </li>
        </ol>
        <PayBillLink outlet={outlet} />
      </Sheet>
    );
  }

  const percent = offer?.discountPercent != null ? formatPercent(offer.discountPercent, { decimals: 1 }) : null;
  return (
    <Sheet title={t`Offer`} onClose={onClose}>
      {pending ? (
        <Spinner label={t`Loading offer`} />
      ) : offer ? (
        <div className="instant-offer">
          {percent !== null ? (
            <p className="instant-offer__pct">
              <Trans>{percent} off</Trans>
            </p>
          ) : null}
          <p className="instant-offer__title">{offer.title}</p>
          <p className="muted">
            {from} – {to} · {offer.status === 'live' ? <Trans>Live now</Trans> : <Trans>Later</Trans>}
          </p>
          {offer.description ? <p>{offer.description}</p> : null}
          <Link href={`${basePath}/${offerId}/how-it-works`} className="text-link">
            <Trans>How it works</Trans>
          </Link>
        </div>
      ) : (
        <p className="muted">
          <Trans>This offer has ended or isn't available any more.</Trans>
        </p>
      )}
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}
