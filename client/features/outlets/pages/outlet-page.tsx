import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { PinIcon } from '@client/components/ui/icons';
import { QueryState } from '@client/components/ui/query-state';
import { Spinner } from '@client/components/ui/spinner';
import { errorCode } from '@client/lib/trpc-errors';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';
import { locationAtom } from '../atoms';
import {
  HowItWorksOverlay,
  InstantOfferOverlay,
  OfferOverlay,
  ShuffleUnlockOverlay,
} from '../components/outlet-overlays';
import { AboutTab } from '../components/tabs/about-tab';
import { InstoreOffersTab } from '../components/tabs/instore-offers-tab';
import { MenuTab } from '../components/tabs/menu-tab';
import { PhotosTab } from '../components/tabs/photos-tab';
import { UpcomingOffersTab } from '../components/tabs/upcoming-offers-tab';
import { useOutletDetails } from '../hooks/use-outlet-details';
import { formatPercent } from '@client/lib/format';
import { formatDistance, formatHours, offerLabel, offerUntil } from '../lib/format';
import {
  OUTLET_TABS,
  OUTLET_TAB_LABELS,
  outletBasePath,
  outletTabHref,
  type OutletRouteParams,
  type OutletTab,
} from '../lib/links';
import { shareOutlet } from '../lib/share';
import '@client/styles/outlets.css';

/** SPEC §8. */
export const OUTLET_DETAILS_ERROR = 'Error fetching outlet Details';
/** SPEC §3: the outlet page the top bar's back icon returns to. */
export const OUTLET_PAGE_REDIRECT_KEY = 'outletPageRedirect';

const FIXED_OVERLAYS = new Set(['how-it-works', 'instant-offer', 'shuffle-unlock', 'login', 'signup']);

export function OutletPage() {
  const params = useParams() as unknown as OutletRouteParams;
  const basePath = outletBasePath(params);
  const place = useAtomValue(locationAtom);
  const details = useOutletDetails(params, place);

  useEffect(() => {
    sessionStorage.setItem(OUTLET_PAGE_REDIRECT_KEY, basePath);
  }, [basePath]);
  // A new outlet starts at the top; switching tabs or opening an overlay keeps the position.
  useScrollToTop(`${params.first}/${params.name}`);

  return (
    <QueryState
      query={details}
      loading={
        <div className="page-loader">
          <Spinner size={40} label="Loading outlet" />
        </div>
      }
      // Nothing to retry when the address itself names no outlet (`outlets.bySlug` says NOT_FOUND).
      errorView={(error, retry) => <OutletError onRetry={!params.outletId && errorCode(error) === 'NOT_FOUND' ? null : retry} />}
    >
      {(outlet) => <OutletView outlet={outlet} params={params} />}
    </QueryState>
  );
}

/** SPEC §8: the outlet could not be loaded (or the address names none). */
function OutletError({ onRetry }: { onRetry: (() => void) | null }) {
  return (
    <div className="page outlet-error">
      <title>Outlet not found · Bachat</title>
      <span className="outlet-error__icon" aria-hidden="true">
        🏪
      </span>
      <p className="outlet-error__text" role="alert">
        {OUTLET_DETAILS_ERROR}
      </p>
      <p className="muted">The outlet may have moved or is no longer on Bachat. Check the link, or find it from the home page.</p>
      <div className="outlet-error__actions">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          Back to home
        </Link>
      </div>
    </div>
  );
}

function OutletView({ outlet, params }: { outlet: OutletDetails; params: OutletRouteParams }) {
  const [, navigate] = useLocation();
  const tab: OutletTab = params.tab ?? 'instore-offers';
  const basePath = outletBasePath(params);
  const [toast, setToast] = useState<string | null>(null);

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), 4000);
    return () => clearTimeout(timer);
  }, [toast]);

  const offer = outlet.liveOffer;
  const distance = formatDistance(outlet.distanceKm);
  const tabHref = (t: OutletTab) => outletTabHref(params.first, params.name, t, outlet.id);
  const pageHref = params.tab ? basePath : tabHref('instore-offers');
  const close = () => navigate(basePath, { replace: true });

  const overlay = params.overlay;
  const overlayProps = { outlet, onClose: close, basePath: pageHref };
  const acceptsOffer = tab === 'instore-offers' || tab === 'about';

  const onShare = async () => {
    const result = await shareOutlet({
      name: outlet.name,
      locality: outlet.locality,
      url: `${window.location.origin}${pageHref}`,
      discountText: offer ? `${formatPercent(offer.discountPercent, { decimals: 1 })} off` : null,
    });
    setToast(result.message);
  };

  return (
    <div className="page outlet-page">
      <title>{`${outlet.name}, ${outlet.locality} · ${OUTLET_TAB_LABELS[tab]} · Bachat`}</title>
      <meta
        name="description"
        content={`${offer ? `${formatPercent(offer.discountPercent, { decimals: 1 })} off now at ` : 'Offers at '}${outlet.name}, ${outlet.locality}, ${outlet.city.name}. Pay your bill with Bachat and save instantly.`}
      />

      <header className="outlet-hero">
        <div className="outlet-hero__media">
          {outlet.photoUrl ? (
            <img src={outlet.photoUrl} alt="" width={800} height={600} decoding="async" fetchPriority="high" />
          ) : null}
        </div>
        <div className="outlet-hero__body">
          <p className="outlet-hero__category">{outlet.category.name}</p>
          <h1 className="outlet-hero__name">{outlet.name}</h1>
          <p className="outlet-hero__address">
            <PinIcon width={16} height={16} />
            <span>
              {outlet.locality}, {outlet.city.name}
              {distance ? ` · ${distance} away` : ''}
            </span>
          </p>
          <p className="outlet-hero__hours">
            <span className={outlet.isOpenNow ? 'status-dot status-dot--open' : 'status-dot status-dot--closed'}>
              {outlet.isOpenNow ? 'Open now' : 'Closed now'}
            </span>
            <span className="muted"> · {formatHours(outlet.opensAt, outlet.closesAt)}</span>
          </p>
          <div className="outlet-hero__actions">
            <Button variant="secondary" size="sm" onClick={() => void onShare()}>
              Share
            </Button>
            <Link href={`${pageHref}/how-it-works`} className="btn btn--ghost btn--sm">
              How it works
            </Link>
          </div>
        </div>
      </header>

      <section className="live-offer" aria-label="Offer live now">
        {offer ? (
          <Link href={`${pageHref}/instant-offer`} className="live-offer__link">
            <span className="live-offer__pct">
              <strong>{formatPercent(offer.discountPercent, { decimals: 1 })}</strong> OFF
            </span>
            <span className="live-offer__text">
              <span className="live-offer__title">{offerLabel(offer)}</span>
              <span className="live-offer__sub">
                {offerUntil(offer) ?? 'All day today'} · on your total bill
              </span>
            </span>
          </Link>
        ) : (
          <p className="live-offer__none">No instant discount live right now. See upcoming offers.</p>
        )}
        <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md live-offer__pay">
          Pay Bill
        </Link>
      </section>

      <nav className="outlet-tabs" aria-label="Outlet sections">
        {OUTLET_TABS.map((t) => (
          <Link key={t} href={tabHref(t)} className="outlet-tabs__link" aria-current={t === tab ? 'page' : undefined}>
            {OUTLET_TAB_LABELS[t]}
          </Link>
        ))}
      </nav>

      <section className="outlet-tab-panel" aria-label={OUTLET_TAB_LABELS[tab]}>
        {tab === 'instore-offers' ? <InstoreOffersTab outlet={outlet} basePath={pageHref} /> : null}
        {tab === 'upcoming-offers' ? <UpcomingOffersTab outletId={outlet.id} /> : null}
        {tab === 'menu' ? <MenuTab outletId={outlet.id} /> : null}
        {tab === 'photos' ? <PhotosTab outletId={outlet.id} outletName={outlet.name} /> : null}
        {tab === 'about' ? <AboutTab outletId={outlet.id} /> : null}
      </section>

      <div className="pay-bar">
        <div className="pay-bar__text">
          <strong>{outlet.name}</strong>
          <span>{offer ? `${formatPercent(offer.discountPercent, { decimals: 1 })} off your bill now` : 'Pay your bill with Bachat'}</span>
        </div>
        <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md">
          Pay Bill
        </Link>
      </div>

      {toast ? (
        <p className="toast" role="status">
          {toast}
        </p>
      ) : null}

      {overlay === 'how-it-works' ? <HowItWorksOverlay {...overlayProps} /> : null}
      {overlay === 'instant-offer' ? <InstantOfferOverlay {...overlayProps} /> : null}
      {overlay === 'shuffle-unlock' ? <ShuffleUnlockOverlay {...overlayProps} /> : null}
      {overlay && !FIXED_OVERLAYS.has(overlay) && acceptsOffer ? (
        <OfferOverlay {...overlayProps} offerId={overlay} howItWorks={params.sub === 'how-it-works'} />
      ) : null}
    </div>
  );
}
