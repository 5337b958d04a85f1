// The entry: the stylesheets every page shares, and the start of the app (boot.tsx), which a page the
// server rendered loads only once its content has painted (lib/app-code.ts, issue 18). The CSS stays
// here, in the entry, so the shells carry it inline (client/vite-plugins/prerender-shells.ts).
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
// The Devanagari faces of the Hindi screens, written by the build (vite-plugins/devanagari-faces.ts).
import 'virtual:devanagari-faces.css';
import { startApp } from './lib/app-code';

// The app's code a part per task (each import evaluates only what the ones before have not): zod's
// setting before any schema is built, React's renderer, then the app and the start itself.
void startApp([
  () => import('./lib/zod-jitless'),
  () => import('react-dom/client'),
  () => import('./app/app'),
  () => import('./boot'),
]);
