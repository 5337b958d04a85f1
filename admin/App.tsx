import type { Theme } from '@mui/material/styles';
import { Admin, Resource, defaultTheme, type RaThemeOptions } from 'react-admin';
import { authProvider } from './auth-provider';
import { dataProvider } from './data-provider';
import { i18nProvider } from './i18n-provider';
import { resources } from './resources';
import { Dashboard } from './dashboard/Dashboard';

/**
 * MUI's defaults where they fall short of WCAG AA contrast (the smoke journey's axe scan, e2e/smoke):
 * the error red of Delete buttons, react-admin's empty-list message (disabled grey), and chip labels
 * inside links (which took the link's colour on the chip's grey).
 */
const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#C2410C' },
    secondary: { main: '#14213D' },
    error: { main: '#B42318' },
  },
  components: {
    ...defaultTheme.components,
    RaEmpty: { styleOverrides: { root: ({ theme }: { theme: Theme }) => ({ '& .RaEmpty-message': { color: theme.palette.text.secondary } }) } },
    MuiChip: { styleOverrides: { label: ({ theme }: { theme: Theme }) => ({ color: theme.palette.text.primary }) } },
  } as RaThemeOptions['components'],
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
