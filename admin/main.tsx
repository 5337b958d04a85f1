import './zod-jitless'; // first: before any zod schema is built (CSP, see the file)
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';

/**
 * MUI's styles are `<style>` elements emotion adds at run time; the page's CSP allows inline styles
 * only with this response's nonce (server/http/security-headers.ts), which the page carries in
 * `<meta property="csp-nonce">` (the browser keeps it in the element's `nonce` property).
 */
const nonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce || undefined;
const styleCache = createCache({ key: 'css', nonce, prepend: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in admin/index.html');

createRoot(container).render(
  <StrictMode>
    <CacheProvider value={styleCache}>
      <App />
    </CacheProvider>
  </StrictMode>,
);
