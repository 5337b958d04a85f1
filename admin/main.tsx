import './zod-jitless'; // first: before any zod schema is built (CSP, see the file)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in admin/index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
