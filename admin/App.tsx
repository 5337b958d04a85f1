import { Admin, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n-provider';
import { resources } from './resources';
import { Dashboard } from './dashboard/Dashboard';

const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#C2410C' },
    secondary: { main: '#14213D' },
  },
};

export default function App() {
  return (
    <Admin
      title="Bachat Sales"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      theme={theme}
      dashboard={Dashboard}
      requireAuth
      disableTelemetry
    >
      {resources.map(({ name, ...views }) => (
        <Resource key={name} name={name} {...views} />
      ))}
    </Admin>
  );
}
