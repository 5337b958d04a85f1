import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, lazy, useState, type ComponentProps } from 'react';
import { useLocation } from 'wouter';
import { MainLayout } from '@client/components/layouts/main-layout';
import { resetBrowseFiltersAtom } from '@client/features/outlets/atoms';
import { usePageViews } from '@client/lib/analytics';
import { authModeFromPath, sidebarStateAtom, useCurrentUser } from '@client/lib/auth';
import { afterCatalogs } from '@client/lib/i18n';
import { useAccountLanguageSync } from '@client/lib/language';
import { isBusinessConsolePath } from './paths';
import { Providers } from './providers';
import { AppRoutes } from './routes';

const AuthPanel = lazy(() =>
  import('@client/features/auth/components/auth-panel').then(afterCatalogs).then((m) => ({ default: m.AuthPanel })),
);

const NotificationBell = lazy(() =>
  import('@client/features/notifications/components/notification-bell')
    .then(afterCatalogs)
    .then((m) => ({ default: m.NotificationBell })),
);

/**
 * The bell (issue 15) is for signed-in shoppers only: its code and the notifications catalog load once
 * someone is signed in, so a first visit's home route does not carry them (bench/suites/bundle.ts). The
 * top bar keeps its place (`.top-bar__bell-slot`), so nothing moves when it arrives.
 */
function NotificationBellWhenSignedIn() {
  const { isLoggedIn } = useCurrentUser();
  if (!isLoggedIn) return null;
  return (
    <span className="top-bar__bell-slot">
      <Suspense fallback={null}>
        <NotificationBell />
      </Suspense>
    </span>
  );
}

/**
 * The auth panel's code (its forms and their validation) loads the first time the panel is wanted
 * (a /login or /signup path, or the stored sidebar state), not with every page: it keeps the home
 * route's JavaScript near the toolchain floor (bench/suites/bundle.ts). Once loaded it stays mounted
 * so its slide-out can play.
 */
function AuthPanelWhenWanted() {
  const [location] = useLocation();
  const sidebarState = useAtomValue(sidebarStateAtom);
  const wanted = authModeFromPath(location) !== null || sidebarState !== null;
  const [mounted, setMounted] = useState(wanted);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <AuthPanel />
    </Suspense>
  ) : null;
}

/** Layout + routes; composes features (the only place allowed to). Tests render this. */
export function AppShell() {
  const resetBrowseFilters = useSetAtom(resetBrowseFiltersAtom);
  const [location] = useLocation();
  usePageViews();
  useAccountLanguageSync();
  // The signed-in business console has its own header and menus (features/business).
  if (isBusinessConsolePath(location)) return <AppRoutes />;
  return (
    <MainLayout onHomeClick={resetBrowseFilters} topBarActions={<NotificationBellWhenSignedIn />}>
      <AppRoutes />
      <AuthPanelWhenWanted />
    </MainLayout>
  );
}

/** The app; boot.tsx hands it the clients it has already started the first screen's requests with. */
export function App(props: Omit<ComponentProps<typeof Providers>, 'children'> = {}) {
  return (
    <Providers {...props}>
      <AppShell />
    </Providers>
  );
}
