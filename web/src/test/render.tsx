import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, useLocation } from 'react-router';
import { AuthProvider } from '../auth/AuthProvider';
import { ThemeProvider } from '../theme/ThemeProvider';

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Shows the current path, for assertions on navigation. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function Providers({ children, path = '/', queryClient }: { children: ReactNode; path?: string; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient ?? testQueryClient()}>
      <ThemeProvider>
        <MemoryRouter initialEntries={[path]}>
          <AuthProvider>
            {/* As layout/SignedInArea gives the signed-in pages, whose tests render them here. */}
            <App component={false}>
              {children}
              <LocationProbe />
            </App>
          </AuthProvider>
        </MemoryRouter>
      </ThemeProvider>
    </QueryClientProvider>
  );
}

/** Renders `ui` with the app's providers at `path`, with a query client of its own unless given one. */
export function renderWithProviders(ui: ReactElement, path = '/', queryClient?: QueryClient) {
  return render(
    <Providers path={path} queryClient={queryClient}>
      {ui}
    </Providers>,
  );
}
