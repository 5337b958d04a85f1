import { Admin, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import categories from './resources/categories';
import cities from './resources/cities';

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
      theme={theme}
      requireAuth
      disableTelemetry
    >
      <Resource name="categories" {...categories} />
      <Resource name="cities" {...cities} />
    </Admin>
  );
}
