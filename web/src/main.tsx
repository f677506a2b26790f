import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { TOKEN_KEY } from './api/client';
import { createQueryClient, listenForWindowFocus } from './api/queryClient';
import { ensureCsrfToken } from './security/csrf';
import { readBootData, seedQueries, setBootData } from './ssr/bootData';
import { storedOrSystemMode } from './theme/palette';
import './index.css';
import './layout/frame.css';
import './ssr/slots.css';
import './accessibility.css';

ensureCsrfToken();
listenForWindowFocus();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The reader's mode before the first render, so that the stylesheet's variables follow it at once.
document.documentElement.dataset.theme = storedOrSystemMode();

// What the server wrote into the page: the app reads it instead of asking for it.
const boot = readBootData(document);
setBootData(boot);
const queryClient = createQueryClient();
seedQueries(queryClient, boot, localStorage.getItem(TOKEN_KEY));

const app = (
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>
);

// A prerendered page (scripts/prerender.mjs) is hydrated; the bare shell is rendered.
if (root.firstElementChild) hydrateRoot(root, app);
else createRoot(root).render(app);
