import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { TOKEN_KEY } from './api/client';
import { queryKeys } from './api/queries';
import type { Profile } from './api/types';
import { createQueryClient, listenForWindowFocus } from './api/queryClient';
import { prefetchOpenedPage } from './routes';
import { ensureCsrfToken } from './security/csrf';
import { startServiceWorker } from './serviceWorker/register';
import { readBootData, seedQueries, setBootData } from './ssr/bootData';
import { noteServerRegions } from './ssr/browserOnly';
import { applyComponentStyles } from './ssr/componentStyles';
import { servedOrStoredMode } from './theme/palette';
import './index.css';
import './layout/frame.css';
import './ssr/slots.css';
import './accessibility.css';

// The specification's CSRF token: created at start-up when the browser's storage has none.
ensureCsrfToken();
listenForWindowFocus();

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// The reader's mode before the first render, so that the stylesheet's variables follow it at once.
const themeMode = servedOrStoredMode();
document.documentElement.dataset.theme = themeMode;

// What the server wrote into the page: the app reads it instead of asking for it.
const boot = readBootData(document);
setBootData(boot);
const queryClient = createQueryClient();
const token = localStorage.getItem(TOKEN_KEY);
seedQueries(queryClient, boot, token);
// A member's page opened directly asks for its first data as its code arrives, and renders with it (routes.tsx).
if (token) void prefetchOpenedPage(queryClient, window.location.pathname, queryClient.getQueryData<Profile>(queryKeys.profile(token)) ?? null);

// A prerendered page (scripts/prerender.mjs) is hydrated; the bare shell is rendered.
const hydrating = root.firstElementChild !== null;
const app = (
  <StrictMode>
    <App queryClient={queryClient} themeMode={themeMode} hydrating={hydrating} />
  </StrictMode>
);

// Both as a transition: React then works in slices and lets the browser handle input and paint between
// them, instead of holding the main thread for the whole tree (the page is already on screen).
// antd's rules of every component apply first, so that it generates none of them (componentStyles.ts).
void applyComponentStyles().then(() =>
  startTransition(() => {
    if (hydrating) {
      noteServerRegions(document);
      hydrateRoot(root, app);
    } else createRoot(root).render(app);
  }),
);

// The service worker registers once the page has loaded (register.ts); the prerender never runs this file.
void startServiceWorker();
