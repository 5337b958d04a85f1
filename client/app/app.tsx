import { useSetAtom } from 'jotai';
import { MainLayout } from '@client/components/layouts/main-layout';
import { resetBrowseFiltersAtom } from '@client/features/outlets/atoms';
import { Providers } from './providers';
import { AppRoutes } from './routes';

/** Layout + routes; composes features (the only place allowed to). Tests render this. */
export function AppShell() {
  const resetBrowseFilters = useSetAtom(resetBrowseFiltersAtom);
  return (
    <MainLayout onHomeClick={resetBrowseFilters}>
      <AppRoutes />
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
