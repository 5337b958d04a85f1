import { Select, Trans, useLingui } from '@lingui/react/macro';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { OutletDetails } from '@server/modules/outlets/schema';
import { paths } from '@client/app/paths';
import { Button } from '@client/components/ui/button';
import { PinIcon, StoreIcon } from '@client/components/ui/icons';
import { QueryState } from '@client/components/ui/query-state';
import { Spinner } from '@client/components/ui/spinner';
import { trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { useScrollToTop } from '@client/lib/use-scroll-to-top';
import { locationAtom } from '../atoms';
import {
  HowItWorksOverlay,
  InstantOfferOverlay,
  OfferOverlay,
  ShuffleUnlockOverlay,
} from '../components/outlet-overlays';
import { FavouriteButton } from '../components/favourite-button';
import { ReviewsSection, Stars } from '../components/reviews/reviews-section';
import { AboutTab } from '../components/tabs/about-tab';
import { InstoreOffersTab } from '../components/tabs/instore-offers-tab';
import { MenuTab } from '../components/tabs/menu-tab';
import { PhotosTab } from '../components/tabs/photos-tab';
import { UpcomingOffersTab } from '../components/tabs/upcoming-offers-tab';
import { useOutletDetails } from '../hooks/use-outlet-details';
import { formatCount, formatPercent, pluralForm } from '@client/lib/format';
import { formatDistance, formatHours, offerLabel, offerUntil } from '../lib/format';
import {
  OUTLET_TABS,
  outletBasePath,
  outletTabHref,
  type OutletRouteParams,
  type OutletTab,
} from '../lib/links';
import { OUTLET_TAB_LABELS } from '../lib/tab-labels';
import { localName } from '@client/lib/i18n';
import { shareOutlet } from '../lib/share';
import '@client/styles/outlets.css';

/** SPEC §3: the outlet page the top bar's back icon returns to. */
export const OUTLET_PAGE_REDIRECT_KEY = 'outletPageRedirect';

const FIXED_OVERLAYS = new Set(['how-it-works', 'instant-offer', 'shuffle-unlock', 'login', 'signup']);

export function OutletPage() {
  const { t } = useLingui();
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
          <Spinner size={40} label={t`Loading outlet`} />
        </div>
      }
      // Nothing to retry when the address itself names no outlet (`outlets.bySlug` says NOT_FOUND).
      errorView={(error, retry) =>
        errorCode(error) === 'NOT_FOUND' ? <OutletError onRetry={params.outletId ? retry : null} missing /> : <OutletError onRetry={retry} />
      }
    >
      {(outlet) => <OutletView outlet={outlet} params={params} />}
    </QueryState>
  );
}

/** "★ 4.3 · 12 reviews" under the name, down to the reviews; nothing until the first review. */
function RatingLink({ outletId, href }: { outletId: number; href: string }) {
  const [, navigate] = useLocation();
  const reviews = trpc.reviews.list.useQuery({ outletId, offSet: 1, limit: 1 });
  const summary = reviews.data?.summary;
  if (!summary?.count || summary.average === null) return null;
  const count = summary.count;
  const reviewCount = formatCount(count);
  const reviewCountForm = pluralForm(count);
  const toReviews = () => {
    const section = document.getElementById('reviews');
    if (section) section.scrollIntoView({ behavior: 'smooth' });
    else {
      navigate(href);
      requestAnimationFrame(() => setTimeout(() => document.getElementById('reviews')?.scrollIntoView(), 300));
    }
  };
  return (
    <button type="button" className="outlet-hero__rating" onClick={toReviews}>
      <Stars rating={summary.average} size={14} />
      <strong>{summary.average.toFixed(1)}</strong>
      <span className="muted">
        · <Select value={reviewCountForm} _one={`${reviewCount} review`} other={`${reviewCount} reviews`} />
      </span>
    </button>
  );
}

/**
 * The outlet could not be loaded, or the address names none. SPEC §8's "Error fetching outlet Details"
 * stays the server's message (the API's words); the page speaks to the shopper (issue 17).
 */
function OutletError({ onRetry, missing = false }: { onRetry: (() => void) | null; missing?: boolean }) {
  const { t } = useLingui();
  return (
    <div className="page outlet-error">
      <title>{missing ? t`Outlet not found · Bachat` : t`Outlet unavailable · Bachat`}</title>
      <span className="outlet-error__icon" aria-hidden="true">
        <StoreIcon width={48} height={48} />
      </span>
      <div role="alert">
        <h1 className="outlet-error__text">
          {missing ? <Trans>We couldn't find this outlet</Trans> : <Trans>We couldn't load this outlet</Trans>}
        </h1>
        <p className="muted">
          {missing ? (
            <Trans>The outlet may have moved or is no longer on Bachat. Check the link, or find it from the home page.</Trans>
          ) : (
            <Trans>Check your connection and try again, or find the outlet from the home page.</Trans>
          )}
        </p>
      </div>
      <div className="outlet-error__actions">
        {onRetry ? (
          <Button variant="secondary" onClick={onRetry}>
            <Trans>Try again</Trans>
          </Button>
        ) : null}
        <Link href={paths.home.href()} className="btn btn--primary btn--md">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </div>
  );
}

function OutletView({ outlet, params }: { outlet: OutletDetails; params: OutletRouteParams }) {
  const { t, i18n } = useLingui();
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
  const tabHref = (to: OutletTab) => outletTabHref(params.first, params.name, to, outlet.id);
  const percent = offer ? formatPercent(offer.discountPercent, { decimals: 1 }) : '';
  const name = outlet.name;
  const locality = outlet.locality;
  const city = localName(outlet.city);
  const tabLabel = i18n._(OUTLET_TAB_LABELS[tab]);
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
      discountText: offer ? t`${percent} off` : null,
    });
    setToast(result.message);
  };

  return (
    <div className="page outlet-page">
      <title>{t`${name}, ${locality} · ${tabLabel} · Bachat`}</title>
      <meta
        name="description"
        content={
          offer
            ? t`${percent} off now at ${name}, ${locality}, ${city}. Pay your bill with Bachat and save instantly.`
            : t`Offers at ${name}, ${locality}, ${city}. Pay your bill with Bachat and save instantly.`
        }
      />

      <header className="outlet-hero">
        <div className="outlet-hero__media">
          {outlet.photoUrl ? (
            <img src={outlet.photoUrl} alt="" width={800} height={600} decoding="async" fetchPriority="high" />
          ) : null}
        </div>
        <div className="outlet-hero__body">
          <p className="outlet-hero__category">
            {outlet.isVeg ? <span className="veg-mark" role="img" aria-label={t`Pure veg`} /> : null}
            {localName(outlet.category)}
            {outlet.cuisines.length ? ` · ${outlet.cuisines.slice(0, 3).join(', ')}` : ''}
          </p>
          <h1 className="outlet-hero__name">{outlet.name}</h1>
          <RatingLink outletId={outlet.id} href={tabHref('instore-offers')} />
          <p className="outlet-hero__address">
            <PinIcon width={16} height={16} />
            <span>
              {locality}, {city}
              {distance ? <> · {t`${distance} away`}</> : null}
            </span>
          </p>
          <p className="outlet-hero__hours">
            <span className={outlet.isOpenNow ? 'status-dot status-dot--open' : 'status-dot status-dot--closed'}>
              {outlet.isOpenNow ? <Trans>Open now</Trans> : <Trans>Closed now</Trans>}
            </span>
            <span className="muted"> · {formatHours(outlet.opensAt, outlet.closesAt)}</span>
          </p>
          <div className="outlet-hero__actions">
            <FavouriteButton outletId={outlet.id} outletName={outlet.name} className="outlet-hero__fav" />
            <Button variant="secondary" size="sm" onClick={() => void onShare()}>
              <Trans>Share</Trans>
            </Button>
            <Link href={`${pageHref}/how-it-works`} className="btn btn--ghost btn--sm">
              <Trans>How it works</Trans>
            </Link>
          </div>
        </div>
      </header>

      <section className="live-offer" aria-label={t`Offer live now`}>
        {offer ? (
          <Link href={`${pageHref}/instant-offer`} className="live-offer__link">
            <span className="live-offer__pct">
              <Trans comment="A discount badge, e.g. 20% OFF">
                <strong>{percent}</strong> OFF
              </Trans>
            </span>
            <span className="live-offer__text">
              <span className="live-offer__title">{offerLabel(offer)}</span>
              <span className="live-offer__sub">
                {offerUntil(offer) ?? t`All day today`} · <Trans>on your total bill</Trans>
              </span>
            </span>
          </Link>
        ) : (
          <p className="live-offer__none">
            <Trans>No instant discount live right now. See upcoming offers.</Trans>
          </p>
        )}
        <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md live-offer__pay">
          <Trans>Pay Bill</Trans>
        </Link>
      </section>

      <nav className="outlet-tabs" aria-label={t`Outlet sections`}>
        {OUTLET_TABS.map((each) => (
          <Link key={each} href={tabHref(each)} className="outlet-tabs__link" aria-current={each === tab ? 'page' : undefined}>
            {i18n._(OUTLET_TAB_LABELS[each])}
          </Link>
        ))}
      </nav>

      <section className="outlet-tab-panel" aria-label={tabLabel}>
        {tab === 'instore-offers' ? <InstoreOffersTab outlet={outlet} basePath={pageHref} /> : null}
        {tab === 'upcoming-offers' ? <UpcomingOffersTab outletId={outlet.id} /> : null}
        {tab === 'menu' ? <MenuTab outletId={outlet.id} /> : null}
        {tab === 'photos' ? <PhotosTab outletId={outlet.id} outletName={outlet.name} /> : null}
        {tab === 'about' ? <AboutTab outletId={outlet.id} /> : null}
      </section>

      {tab === 'instore-offers' || tab === 'about' ? <ReviewsSection outletId={outlet.id} outletName={outlet.name} /> : null}

      <div className="pay-bar">
        <div className="pay-bar__text">
          <strong>{outlet.name}</strong>
          <span>{offer ? t`${percent} off your bill now` : t`Pay your bill with Bachat`}</span>
        </div>
        <Link href={paths.enterAmount.href(outlet.id)} className="btn btn--primary btn--md">
          <Trans>Pay Bill</Trans>
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
