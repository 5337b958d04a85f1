import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { i18nProvider } from '@admin/i18n-provider';
import {
  AdminContext,
  ResourceContextProvider,
  memoryStore,
  testDataProvider,
  type AuthProvider,
  type DataProvider,
} from 'react-admin';

type RenderAdminOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Overrides for react-admin's `testDataProvider` (unlisted methods reject). */
  dataProvider?: Partial<DataProvider>;
  authProvider?: AuthProvider;
  /** Wraps `ui` in a ResourceContext, as <Resource> would. */
  resource?: string;
};

/** Renders admin UI in an isolated AdminContext (memory store, test data provider). */
export function renderAdmin(
  ui: ReactElement,
  { dataProvider = {}, authProvider, resource, ...options }: RenderAdminOptions = {},
) {
  const provider = testDataProvider(dataProvider);
  const result = render(
    <AdminContext
      dataProvider={provider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      store={memoryStore()}
    >
      {resource ? (
        <ResourceContextProvider value={resource}>{ui}</ResourceContextProvider>
      ) : (
        ui
      )}
    </AdminContext>,
    options,
  );
  return { ...result, user: userEvent.setup(), dataProvider: provider };
}
