import type { ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from './auth/AuthProvider';
import { LiveProvider } from './live/LiveProvider';
import { AppRoutes } from './routes';
import { HydratingApp } from './ssr/browserOnly';
import { UpdateNotice } from './serviceWorker/UpdateNotice';
import { ThemeProvider } from './theme/ThemeProvider';
import type { ThemeMode } from './theme/palette';

interface AppProps {
  queryClient: QueryClient;
  /** The router: the browser's history, or (when prerendering) a fixed location. */
  router?: (props: { children: ReactNode }) => ReactNode;
  /** The theme to start in, instead of the reader's (the prerender paints both). */
  themeMode?: ThemeMode;
  /** Whether this tree hydrates a prerendered page (or is that page's prerender). */
  hydrating?: boolean;
}

/**
 * The whole app. The browser and the prerender (entry-server.tsx) render this same tree, so
 * that the page painted from the HTML hydrates without a difference.
 */
export function App({ queryClient, router: Router = BrowserRouter, themeMode, hydrating = false }: AppProps) {
  const app = (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider initialMode={themeMode}>
        <Router>
          <AuthProvider>
            <LiveProvider>
              <AppRoutes />
            </LiveProvider>
          </AuthProvider>
        </Router>
        <UpdateNotice />
      </ThemeProvider>
    </QueryClientProvider>
  );
  return hydrating ? <HydratingApp>{app}</HydratingApp> : app;
}
