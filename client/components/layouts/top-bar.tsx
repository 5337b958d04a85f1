import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from 'wouter';
import { paths } from '@client/app/paths';
import { BackIcon, HelpIcon } from '@client/components/ui/icons';
import { LanguageToggle } from '@client/components/ui/language-switch';
import { useLanguage } from '@client/lib/language';
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

type TopBarProps = {
  onHomeClick?: () => void;
  /** Shown before the profile entry (the app puts the notification bell here). */
  actions?: ReactNode;
};

/**
 * SPEC §2 top bar: back icon (to the stored outlet page, else home), Help → /faqs, the shopper's
 * name and picture or Sign In, and the business link. From 768 px it also carries the main links.
 * Issue 17: the language switch (docs/i18n.md).
 */
export function TopBar({ onHomeClick, actions }: TopBarProps) {
  const { i18n, t } = useLingui();
  const language = useLanguage();
  const [location, navigate] = useLocation();
  const auth = useCurrentUser();
  const { user, isLoggedIn, isLoading } = auth;
  const userName = user?.name ?? '';
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
          <button type="button" className="top-bar__back" aria-label={t`Back`} onClick={goBack}>
            <BackIcon width={24} height={24} />
          </button>
        )}
        <Link href={paths.home.href()} className="wordmark" aria-label={t`Bachat home`} onClick={onHomeClick}>
          <span className="wordmark__mark" aria-hidden="true">
            ₹
          </span>
          {/* eslint-disable-next-line bachat/no-literal-ui-string -- the brand name, the same in every language */}
          <span className="wordmark__text">Bachat</span>
        </Link>

        {/* Desktop navigation: the bottom bar is hidden from 768 px. */}
        <nav className="top-bar__nav" aria-label={t`Primary`}>
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
                {i18n._(item.label)}
              </Link>
            );
          })}
        </nav>

        <div className="top-bar__actions">
          <LanguageToggle value={language.locale} onChange={language.switchTo} />
          <Link href={businessHomeHref()} className="top-bar__business" aria-label={t`For Business`}>
            <Trans>
              <span className="top-bar__business-for">For</span> Business
            </Trans>
          </Link>
          <Link href={paths.faqs.href()} className="top-bar__help">
            <HelpIcon width={20} height={20} />
            <span>
              <Trans>Help</Trans>
            </span>
          </Link>
          {actions}
          {isLoggedIn && user ? (
            <Link href={paths.profile.href()} className="top-bar__profile" aria-label={t`Profile: ${userName}`}>
              <UserAvatar name={user.name} pictureUrl={user.profilePicUrl} size={32} />
              <span className="top-bar__profile-name">{firstName(user.name)}</span>
            </Link>
          ) : isLoading ? (
            <span className="top-bar__profile-placeholder" aria-hidden="true" />
          ) : (
            <Link href={paths.login.href()} className="btn btn--primary btn--sm" onClick={rememberHere}>
              <Trans>Sign In</Trans>
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
