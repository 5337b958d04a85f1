import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useQueryClient } from '@tanstack/react-query';
import { LanguageToggle } from '@client/components/ui/language-switch';
import { isBusinessProcedure, trpc } from '@client/lib/trpc';
import { errorCode } from '@client/lib/trpc-errors';
import { LOGOUT_FAILED } from '../lib/constants';
import { useBusinessLanguage } from '../lib/language';
import {
  ACCOUNT_OUTLET_PAGES,
  ACCOUNT_OWNER_PAGES,
  DASHBOARD_PAGES,
  PROMOTION_PAGES,
  section,
  type BusinessSection,
} from '../lib/links';
import { PAGE_LABELS, SECTION_LABELS } from '../lib/labels';
import { clearBusinessSession, type BusinessSession } from '../lib/session';
import { useBusinessNativeBack } from '../hooks/use-native-back';
import { hasBusinessPage } from '../pages/registry';
import { OutletSwitcher } from './outlet-switcher';

type NavLink = { href: string; label: MessageDescriptor; section: BusinessSection };

/** Every console page for the outlet (pages without an outlet link straight). */
export function consoleLinks(outletId: number | null, isMaster: boolean): NavLink[] {
  const links: NavLink[] = [];
  if (outletId !== null) {
    for (const page of PROMOTION_PAGES)
      links.push({ href: section.promotion(page, outletId), label: PAGE_LABELS[page], section: 'promotion-organizer' });
  }
  if (outletId !== null) {
    for (const page of ACCOUNT_OUTLET_PAGES)
      links.push({ href: section.account(page, outletId), label: PAGE_LABELS[page], section: 'account' });
  }
  for (const page of ACCOUNT_OWNER_PAGES) {
    if (page === 'user-management' && !isMaster) continue;
    links.push({ href: section.owner(page), label: PAGE_LABELS[page], section: 'account' });
  }
  if (outletId !== null) {
    for (const page of DASHBOARD_PAGES)
      links.push({ href: section.dashboard(page, outletId), label: PAGE_LABELS[page], section: 'dashboard' });
  }
  return links.filter((link) => hasBusinessPage(link.section, pageOf(link.href)));
}

const pageOf = (href: string) => href.split('/')[2] ?? '';

const SECTIONS: BusinessSection[] = ['promotion-organizer', 'account', 'dashboard'];

/** tRPC query keys start with the procedure's path as an array (`[['promotions', 'ads'], …]`). */
function isBusinessQuery(queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return Array.isArray(path) && path.every((part) => typeof part === 'string') && isBusinessProcedure(path.join('.'));
}

const isActive = (location: string, href: string) => location === href || location.startsWith(`${href}/`);

type BusinessShellProps = {
  session: BusinessSession;
  outletId: number | null;
  current: BusinessSection;
  children: ReactNode;
};

/**
 * The signed-in console: a header with the outlet switcher and logout; on a phone the section's
 * pages as a scrolling tab row and the three sections in a bottom bar, on a desktop one side menu.
 */
export function BusinessShell({ session, outletId, current, children }: BusinessShellProps) {
  const { t, i18n } = useLingui();
  const language = useBusinessLanguage();
  const [location, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [logoutError, setLogoutError] = useState<string | null>(null);
  useBusinessNativeBack();
  const tabs = useRef<HTMLElement>(null);
  useEffect(() => {
    // On a phone the section's tabs scroll sideways: keep the current one in view.
    const active = tabs.current?.querySelector<HTMLElement>('[aria-current="page"]');
    if (active && tabs.current && typeof tabs.current.scrollTo === 'function') {
      tabs.current.scrollTo({ left: Math.max(0, active.offsetLeft - 16) });
    }
  }, [location]);

  const finishLogout = () => {
    clearBusinessSession();
    queryClient.clear();
    navigate(section.login, { replace: true });
  };
  const logout = trpc.businessAuth.logout.useMutation({
    onSuccess: finishLogout,
    onError: (error) => {
      // A session that already ended (expired, revoked) is logged out: nothing to keep.
      if (error.data?.code === 'UNAUTHORIZED') finishLogout();
      else setLogoutError(i18n._(LOGOUT_FAILED));
    },
  });

  useEffect(() => {
    // A session that ended on the server (expired, revoked, logged out elsewhere): back to the login.
    // Only a business procedure's 401 says that; a shopper call (users.me …) answering 401 is about
    // the shopper token, which a business login removes (SPEC §6), never about this session.
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.state.status !== 'error') return;
      if (!isBusinessQuery(event.query.queryKey)) return;
      if (errorCode(event.query.state.error) === 'UNAUTHORIZED') {
        clearBusinessSession();
        queryClient.clear();
        navigate(section.login, { replace: true });
      }
    });
  }, [queryClient, navigate]);

  const { details } = session;
  const links = consoleLinks(outletId ?? details.currentOutletId, details.isMaster);
  const sectionLinks = links.filter((link) => link.section === current);
  const firstOf = (name: BusinessSection) => links.find((link) => link.section === name)?.href ?? section.landing;

  return (
    <div className="biz-shell">
      <header className="biz-header">
        <div className="biz-header__inner">
          <Link href="~/" className="wordmark biz-header__brand" aria-label={t`Bachat home`}>
            <span className="wordmark__mark" aria-hidden="true">
              ₹
            </span>
            {/* eslint-disable-next-line bachat/no-literal-ui-string -- the brand name, the same in every language */}
            <span className="wordmark__text">Bachat</span>
            <span className="biz-badge">
              <Trans>Business</Trans>
            </span>
          </Link>
          <div className="biz-header__outlet">
            <OutletSwitcher outlets={details.allOutletForBusiness} currentOutletId={outletId ?? details.currentOutletId} />
          </div>
          <div className="biz-header__user">
            <span className="biz-header__name" title={details.designation ?? undefined}>
              {details.name}
              <span className="biz-header__role">{details.isMaster ? t`Owner` : (details.designation ?? t`Staff`)}</span>
            </span>
            <LanguageToggle value={language.locale} onChange={language.switchTo} />
            <button
              type="button"
              className="btn btn--secondary btn--sm"
              disabled={logout.isPending}
              onClick={() => {
                setLogoutError(null);
                logout.mutate();
              }}
            >
              {logout.isPending ? <Trans>Logging out…</Trans> : <Trans>Logout</Trans>}
            </button>
          </div>
        </div>
        {logoutError ? (
          <p className="biz-header__error" role="alert">
            {logoutError}
          </p>
        ) : null}
      </header>

      <div className="biz-body">
        <nav className="biz-side" aria-label={t`Business`}>
          {SECTIONS.map((name) => (
            <div key={name} className="biz-side__group">
              <p className="biz-side__title">{i18n._(SECTION_LABELS[name])}</p>
              <ul className="biz-side__list">
                {links
                  .filter((link) => link.section === name)
                  .map((link) => (
                    <li key={link.href}>
                      <Link
                        href={link.href}
                        className="biz-side__link"
                        aria-current={isActive(location, link.href) ? 'page' : undefined}
                      >
                        {i18n._(link.label)}
                      </Link>
                    </li>
                  ))}
              </ul>
            </div>
          ))}
        </nav>

        <main id="main" className="biz-main" tabIndex={-1}>
          <nav ref={tabs} className="biz-tabs" aria-label={i18n._(SECTION_LABELS[current])}>
            {sectionLinks.map((link) => (
              <Link
                key={link.href}
                href={link.href}
                className="biz-tabs__link"
                aria-current={isActive(location, link.href) ? 'page' : undefined}
              >
                {i18n._(link.label)}
              </Link>
            ))}
          </nav>
          {children}
        </main>
      </div>

      <nav className="biz-bottom" aria-label={t`Business sections`}>
        {SECTIONS.map((name) => (
          <Link
            key={name}
            href={firstOf(name)}
            className="biz-bottom__link"
            aria-current={name === current ? 'page' : undefined}
          >
            <SectionIcon name={name} />
            <span>{i18n._(SECTION_LABELS[name])}</span>
          </Link>
        ))}
      </nav>
    </div>
  );
}

function SectionIcon({ name }: { name: BusinessSection }) {
  const paths: Record<BusinessSection, ReactNode> = {
    'promotion-organizer': (
      <>
        <path d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1z" />
        <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
      </>
    ),
    account: (
      <>
        <path d="M4 9.5 5.5 4h13L20 9.5" />
        <path d="M4 9.5a2.7 2.7 0 0 0 5.3 0 2.7 2.7 0 0 0 5.4 0 2.7 2.7 0 0 0 5.3 0" />
        <path d="M5 12v8h14v-8M10 20v-5h4v5" />
      </>
    ),
    dashboard: (
      <>
        <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />
      </>
    ),
  };
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
