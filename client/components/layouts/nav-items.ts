import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType, SVGProps } from 'react';
import { paths, profileSectionPaths } from '@client/app/paths';
import { EventsIcon, HistoryIcon, HomeIcon, ProfileIcon, ScanIcon } from '@client/components/ui/icons';

export type NavItem = {
  key: 'home' | 'events' | 'scan' | 'history' | 'profile';
  /** Rendered with `i18n._(label)` (the catalogs, docs/i18n.md). */
  label: MessageDescriptor;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Whether the tab is highlighted on `location`. */
  isActive: (location: string) => boolean;
  /** SPEC §2: a logged-out shopper tapping it goes to /login instead (and returns here after). */
  requiresLogin?: boolean;
};

const startsWith = (location: string, base: string) =>
  location === base || location.startsWith(`${base}/`);

/** SPEC §2 navigation. History and Profile send logged-out shoppers to /login (`useNavTarget`). */
export const navItems: readonly NavItem[] = [
  {
    key: 'home',
    label: msg`Home`,
    href: paths.home.href(),
    icon: HomeIcon,
    isActive: (location) => location === paths.home.path,
  },
  {
    key: 'events',
    label: msg`Events`,
    href: paths.events.href(),
    icon: EventsIcon,
    isActive: (location) => startsWith(location, paths.events.path),
  },
  {
    // Issue 30: the QR scanner, in the middle where a thumb finds it.
    key: 'scan',
    label: msg({ message: 'Scan', comment: 'Bottom bar tab: scan an outlet QR code to pay' }),
    href: paths.scan.href(),
    icon: ScanIcon,
    isActive: (location) => startsWith(location, paths.scan.path),
  },
  {
    key: 'history',
    label: msg`History`,
    href: paths.redeemedHistory.href(),
    icon: HistoryIcon,
    requiresLogin: true,
    isActive: (location) => startsWith(location, paths.redeemedHistory.path),
  },
  {
    key: 'profile',
    label: msg`Profile`,
    href: paths.profile.href(),
    icon: ProfileIcon,
    requiresLogin: true,
    isActive: (location) => profileSectionPaths.some((base) => startsWith(location, base)),
  },
];

/**
 * Where a nav item really goes for this shopper: History and Profile lead a logged-out shopper to
 * /login, remembering the tab as the place to land after signing in. While the session is still
 * loading the real target is kept, so a returning shopper is not bounced to the login panel.
 */
export function navTarget(
  item: Pick<NavItem, 'href' | 'requiresLogin'>,
  auth: { isLoggedIn: boolean; isLoading: boolean },
): { href: string; redirectAfterLogin: string | null } {
  if (item.requiresLogin && !auth.isLoggedIn && !auth.isLoading) {
    return { href: paths.login.href(), redirectAfterLogin: item.href };
  }
  return { href: item.href, redirectAfterLogin: null };
}
