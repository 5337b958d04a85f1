import { Link, useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import { HelpIcon } from '@client/components/ui/icons';
import {
  authModeFromPath,
  getOutletPageRedirect,
  pathUnderAuthPanel,
  setAuthPageRedirect,
  useCurrentUser,
} from '@client/lib/auth';
import { businessHomeHref } from './business-link';
import { navItems, navTarget } from './nav-items';
import { UserAvatar } from './user-avatar';

type TopBarProps = { onHomeClick?: () => void };

/**
 * SPEC §2 top bar: back icon (to the stored outlet page, else home), Help → /faqs, the shopper's
 * name and picture or Sign In, and the business link. From 768 px it also carries the main links.
 */
export function TopBar({ onHomeClick }: TopBarProps) {
  const [location, navigate] = useLocation();
  const auth = useCurrentUser();
  const { user, isLoggedIn, isLoading } = auth;
  // Home, or the home page under the /login and /signup panels.
  const isHome = pathUnderAuthPanel(location) === paths.home.path;

  const goBack = () => {
    const outletPage = getOutletPageRedirect();
    navigate(outletPage && outletPage !== location ? outletPage : paths.home.href());
  };

  const rememberHere = () => {
    // Come back to this page after signing in (not to an auth overlay path itself).
    if (!isHome && !authModeFromPath(location)) setAuthPageRedirect(location);
  };

  return (
    <header className="top-bar">
      <div className="top-bar__inner">
        {isHome ? null : (
          <button type="button" className="top-bar__back" aria-label="Back" onClick={goBack}>
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
              <path
                d="M15 5l-7 7 7 7"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
          </button>
        )}
        <Link href={paths.home.href()} className="wordmark" aria-label="Bachat home" onClick={onHomeClick}>
          <span className="wordmark__mark" aria-hidden="true">
            ₹
          </span>
          <span className="wordmark__text">Bachat</span>
        </Link>

        {/* Desktop navigation: the bottom bar is hidden from 768 px. */}
        <nav className="top-bar__nav" aria-label="Primary">
          {navItems.map((item) => {
            const { href, redirectAfterLogin } = navTarget(item, auth);
            return (
              <Link
                key={item.key}
                href={href}
                className="top-bar__nav-link"
                aria-current={item.isActive(location) ? 'page' : undefined}
                onClick={() => {
                  if (item.key === 'home') onHomeClick?.();
                  if (redirectAfterLogin) setAuthPageRedirect(redirectAfterLogin);
                }}
              >
                {item.label}
              </Link>
            );
          })}
        </nav>

        <div className="top-bar__actions">
          <Link href={businessHomeHref()} className="top-bar__business" aria-label="For Business">
            <span className="top-bar__business-for">For</span> Business
          </Link>
          <Link href={paths.faqs.href()} className="top-bar__help">
            <HelpIcon width={20} height={20} />
            <span>Help</span>
          </Link>
          {isLoggedIn && user ? (
            <Link href={paths.profile.href()} className="top-bar__profile" aria-label={`Profile: ${user.name ?? ''}`}>
              <UserAvatar name={user.name} pictureUrl={user.profilePicUrl} size={32} />
              <span className="top-bar__profile-name">{firstName(user.name)}</span>
            </Link>
          ) : isLoading ? (
            <span className="top-bar__profile-placeholder" aria-hidden="true" />
          ) : (
            <Link href={paths.login.href()} className="btn btn--primary btn--sm" onClick={rememberHere}>
              Sign In
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

function firstName(name: string | null): string {
  return (name ?? '').trim().split(/\s+/)[0] ?? '';
}
