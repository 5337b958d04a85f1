import './lib/zod-jitless'; // first: before any zod schema is built (CSP, see the file)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in client/index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
