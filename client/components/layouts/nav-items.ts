import type { ComponentType, SVGProps } from 'react';
import { paths, profileSectionPaths } from '@client/app/paths';
import { EventsIcon, HistoryIcon, HomeIcon, ProfileIcon } from '@client/components/ui/icons';

export type NavItem = {
  key: 'home' | 'events' | 'history' | 'profile';
  label: string;
  href: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Whether the tab is highlighted on `location`. */
  isActive: (location: string) => boolean;
};

const startsWith = (location: string, base: string) =>
  location === base || location.startsWith(`${base}/`);

/**
 * SPEC §2 navigation. History and Profile will send logged-out users to /login once the
 * auth feature adds its guard; today they link straight to their (not yet built) routes.
 */
export const navItems: readonly NavItem[] = [
  {
    key: 'home',
    label: 'Home',
    href: paths.home.href(),
    icon: HomeIcon,
    isActive: (location) => location === paths.home.path,
  },
  {
    key: 'events',
    label: 'Events',
    href: paths.events.href(),
    icon: EventsIcon,
    isActive: (location) => startsWith(location, paths.events.path),
  },
  {
    key: 'history',
    label: 'History',
    href: paths.redeemedHistory.href(),
    icon: HistoryIcon,
    isActive: (location) => startsWith(location, paths.redeemedHistory.path),
  },
  {
    key: 'profile',
    label: 'Profile',
    href: paths.profile.href(),
    icon: ProfileIcon,
    isActive: (location) => profileSectionPaths.some((base) => startsWith(location, base)),
  },
];
