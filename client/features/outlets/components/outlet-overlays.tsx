import { Link } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { paths } from '@client/app/paths';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { formatOfferTime, formatPercent } from '@client/lib/format';
import { offerLabel, offerUntil } from '../lib/format';
import { Sheet } from '@client/components/ui/sheet';

const STEPS = [
  'Enable location and pick an outlet near you.',
  'Tap Pay Bill at the outlet.',
  'Enter the final bill amount (₹50 or more).',
  'Your instant discount comes off straight away.',
  'Play Shuffle Cards to unlock an additional discount.',
  'Pay securely by card or UPI. Done!',
] as const;

type OverlayProps = { outlet: OutletDetails; onClose: () => void; basePath: string };

function PayBillLink({ outlet }: { outlet: OutletDetails }) {
  return (
    <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md sheet__cta">
      Pay Bill
    </Link>
  );
}

export function HowItWorksOverlay({ outlet, onClose }: OverlayProps) {
  return (
    <Sheet title="How it works" onClose={onClose}>
      <ol className="steps">
        {STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
      <p className="muted sheet__note">
        Bachat&rsquo;s discount is on top of {outlet.name}&rsquo;s own offers. Refunds are handled by the outlet.
      </p>
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

export function InstantOfferOverlay({ outlet, onClose }: OverlayProps) {
  const offer = outlet.liveOffer;
  return (
    <Sheet title="Instant offer" onClose={onClose}>
      {offer ? (
        <div className="instant-offer">
          <p className="instant-offer__pct">{formatPercent(offer.discountPercent, { decimals: 1 })} off</p>
          <p className="instant-offer__title">{offerLabel(offer)}</p>
          <p className="muted">
            Applied instantly to your final bill at {outlet.name} when you pay with Bachat
            {offerUntil(offer) ? `, ${offerUntil(offer)!.toLowerCase()} today` : ' today'}. Minimum bill ₹50.
          </p>
        </div>
      ) : (
        <p className="muted">
          There&rsquo;s no instant discount live at {outlet.name} right now. Check the upcoming offers for the next one.
        </p>
      )}
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

export function ShuffleUnlockOverlay({ outlet, onClose }: OverlayProps) {
  return (
    <Sheet title="Shuffle unlock" onClose={onClose}>
      <div className="instant-offer">
        <p className="instant-offer__pct">
          {formatPercent(outlet.shuffleMinPercent, { decimals: 1 })}–{formatPercent(outlet.shuffleMaxPercent, { decimals: 1 })}
        </p>
        <p className="instant-offer__title">extra with Shuffle Cards</p>
      </div>
      <ol className="steps">
        <li>Tap Pay Bill and enter your final bill.</li>
        <li>Shuffle the cards and pick one to reveal your additional discount.</li>
        <li>It&rsquo;s saved as a coupon in your profile, valid until the outlet closes today.</li>
        <li>Use Golden Keys from Refer &amp; Earn to unlock an extra shuffle.</li>
      </ol>
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}

/** `{offer}` (a scheduled offer's id) and its how-it-works. */
export function OfferOverlay({ outlet, onClose, basePath, offerId, howItWorks }: OverlayProps & { offerId: string; howItWorks: boolean }) {
  const today = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'today' });
  const tomorrow = trpc.outlets.upcomingOffers.useQuery({ outletId: outlet.id, day: 'tomorrow' });
  const all = [...(today.data?.offers ?? []), ...(tomorrow.data?.offers ?? [])];
  const offer = all.find((o) => String(o.id) === offerId || String(o.promotionId) === offerId);
  const pending = today.isPending || tomorrow.isPending;

  if (howItWorks) {
    return (
      <Sheet title={offer ? `How “${offer.title}” works` : 'How it works'} onClose={onClose}>
        <ol className="steps">
          <li>Visit {outlet.name} while the offer is live{offer ? ` (${formatOfferTime(offer.startsAt)} – ${formatOfferTime(offer.endsAt)})` : ''}.</li>
          <li>Tap Pay Bill and enter your final bill (₹50 or more).</li>
          <li>The offer&rsquo;s discount is applied instantly; shuffle for an additional discount.</li>
          <li>Pay in the app and show the confirmation at the counter.</li>
        </ol>
        <PayBillLink outlet={outlet} />
      </Sheet>
    );
  }

  return (
    <Sheet title="Offer" onClose={onClose}>
      {pending ? (
        <Spinner label="Loading offer" />
      ) : offer ? (
        <div className="instant-offer">
          {offer.discountPercent !== null ? (
            <p className="instant-offer__pct">{formatPercent(offer.discountPercent, { decimals: 1 })} off</p>
          ) : null}
          <p className="instant-offer__title">{offer.title}</p>
          <p className="muted">
            {formatOfferTime(offer.startsAt)} – {formatOfferTime(offer.endsAt)} · {offer.status === 'live' ? 'Live now' : 'Later'}
          </p>
          {offer.description ? <p>{offer.description}</p> : null}
          <Link href={`${basePath}/${offerId}/how-it-works`} className="text-link">
            How it works
          </Link>
        </div>
      ) : (
        <p className="muted">This offer has ended or isn&rsquo;t available any more.</p>
      )}
      <PayBillLink outlet={outlet} />
    </Sheet>
  );
}
