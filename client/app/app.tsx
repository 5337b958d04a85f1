import { useAtomValue, useSetAtom } from 'jotai';
import { Suspense, lazy, useState } from 'react';
import { useLocation } from 'wouter';
import { MainLayout } from '@client/components/layouts/main-layout';
import { resetBrowseFiltersAtom } from '@client/features/outlets/atoms';
import { usePageViews } from '@client/lib/analytics';
import { authModeFromPath, sidebarStateAtom } from '@client/lib/auth';
import { afterCatalogs } from '@client/lib/i18n';
import { useAccountLanguageSync } from '@client/lib/language';
import { isBusinessConsolePath } from './paths';
import { Providers } from './providers';
import { AppRoutes } from './routes';

const AuthPanel = lazy(() =>
  import('@client/features/auth/components/auth-panel').then(afterCatalogs).then((m) => ({ default: m.AuthPanel })),
);

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
    <MainLayout onHomeClick={resetBrowseFilters}>
      <AppRoutes />
      <AuthPanelWhenWanted />
    </MainLayout>
  );
}

export function App() {
  return (
    <Providers>
      <AppShell />
    </Providers>
  );
}
