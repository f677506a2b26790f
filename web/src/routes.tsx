import { lazy, useEffect, type ComponentType } from 'react';
import { Route, Routes } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { FirstQueries } from './api/firstQueries';
import type { Profile } from './api/types';
import { rightsOf } from './auth/rights';
import { useAuth } from './auth/useAuth';
import { ProtectedRoute } from './components/ProtectedRoute';
import { AppLayout } from './layout/AppLayout';

type Area = Record<string, unknown>;

/** The page opened directly: the loader of its chunk, and its first queries' answers (prefetchOpenedPage). */
let openedPage: { load: () => Promise<Area>; answered: Promise<unknown> } | null = null;

/**
 * A page from an area's module; each area downloads as one chunk, on first use. The page opened
 * directly renders once its first queries have answered, so that it renders once, with them.
 */
function page<M extends Area>(load: () => Promise<M>, name: keyof M & string) {
  return lazy(async () => {
    const module = await load();
    if (openedPage?.load === load) await openedPage.answered;
    return { default: module[name] as ComponentType };
  });
}

const membersArea = () => import('./pages/members');
const staffArea = () => import('./pages/staff');
const treasuryArea = () => import('./pages/treasury');
const adminArea = () => import('./pages/admin');
const legislativeArea = () => import('./pages/legislative');
const verifyArea = () => import('./pages/verify');

// The two pages most members open first download alone, not with the rest of their area.
const supportPage = () => import('./pages/members/SupportPage');
const dashboardPage = () => import('./pages/staff/DashboardPage');

/**
 * What a signed-in page downloads, by its path. Opened directly (a link, a reload), the page's
 * chunk and the signed-in wrapper download while the session is checked, not after it: each
 * would otherwise wait for the one rendered above it. `module` names the loader's module for
 * the prerender, which writes its files into the page's preloads (SIGNED_IN_PAGE_MODULES).
 */
const LOADER_BY_PATH: { pattern: RegExp; load: () => Promise<Area>; module: string }[] = [
  { pattern: /^\/support(\/tickets\/[^/]+)?\/?$/, load: supportPage, module: 'src/pages/members/SupportPage.tsx' },
  { pattern: /^\/dashboard\/?$/, load: dashboardPage, module: 'src/pages/staff/DashboardPage.tsx' },
  { pattern: /^\/(records|documents|perfil)(\/|$)/, load: membersArea, module: 'src/pages/members/index.tsx' },
  { pattern: /^\/(staff|admin\/support)(\/|$)/, load: staffArea, module: 'src/pages/staff/index.tsx' },
  { pattern: /^\/treasury(\/|$)/, load: treasuryArea, module: 'src/pages/treasury/index.tsx' },
  { pattern: /^\/(sat|security|admin)(\/|$)/, load: adminArea, module: 'src/pages/admin/index.tsx' },
  { pattern: /^\/legislative(\/|$)/, load: legislativeArea, module: 'src/pages/legislative/index.tsx' },
];

/**
 * The module a signed-in page at `path` downloads first, none for a public page. The prerender
 * lists its files (with the signed-in wrapper's, which the pages import) in the page's HTML, so
 * that the browser fetches them with the app's entry instead of the app adding them one by one.
 */
export function signedInPageModules(path: string): string[] {
  const page = LOADER_BY_PATH.find(({ pattern }) => pattern.test(path));
  return page ? [page.module] : [];
}

const loaderOf = (path: string) => LOADER_BY_PATH.find(({ pattern }) => pattern.test(path))?.load;

function preloadSignedInPage(path: string) {
  const load = loaderOf(path);
  if (!load) return;
  void load();
  void signedInArea();
}

/**
 * Starts the first queries of the signed-in page opened at `path` as soon as its chunk is
 * there, for a page whose module says what they are (`prefetchFirstQueries`, api/firstQueries.ts)
 * and that `profile` may open; the page renders once they have answered. Before, each page
 * rendered empty, asked once rendered, and rendered again for each answer: react-query's hooks
 * read through useSyncExternalStore, whose updates React renders at once, in one blocking task
 * (0.3–0.6 s each on a slow phone for /dashboard). Resolves once they have answered or failed.
 */
export function prefetchOpenedPage(queryClient: QueryClient, path: string, profile: Profile | null): Promise<unknown> {
  const load = loaderOf(path);
  const rights = rightsOf(profile);
  if (!load || !rights.mayOpen(path)) return Promise.resolve();
  const answered = load()
    .then((module) => {
      const prefetch = module.prefetchFirstQueries as FirstQueries | undefined;
      return typeof prefetch === 'function' ? prefetch(queryClient, path, rights) : undefined;
    })
    // A chunk that fails to download fails the page's own render, which says so.
    .catch(() => undefined);
  openedPage = { load, answered };
  return answered;
}

// Each public page downloads alone: a visitor's first page brings no other page's tables,
// forms or dialogs.
const LandingPage = page(() => import('./pages/public/LandingPage'), 'LandingPage');
const ShopPage = page(() => import('./pages/public/ShopPage'), 'ShopPage');
const NewsPage = page(() => import('./pages/public/NewsPages'), 'NewsPage');
const NewsDetailPage = page(() => import('./pages/public/NewsPages'), 'NewsDetailPage');
const LoginPage = page(() => import('./pages/public/LoginPage'), 'LoginPage');
const AuthCallbackPage = page(() => import('./pages/public/AuthCallbackPage'), 'AuthCallbackPage');
const UnauthorizedPage = page(() => import('./pages/public/UnauthorizedPage'), 'UnauthorizedPage');
const ContactPage = page(() => import('./pages/public/ContactPage'), 'ContactPage');
const ArtistApplicationPage = page(() => import('./pages/public/ArtistApplicationPage'), 'ArtistApplicationPage');
const PrivacyPolicyPage = page(() => import('./pages/public/PrivacyPolicyPage'), 'PrivacyPolicyPage');
const DiarioOficialPage = page(() => import('./pages/public/DiarioOficialPage'), 'DiarioOficialPage');
const NotFoundPage = page(() => import('./pages/public/NotFoundPage'), 'NotFoundPage');

const RecordsPage = page(membersArea, 'RecordsPage');
const DocumentsPage = page(membersArea, 'DocumentsPage');
const SupportPage = page(supportPage, 'SupportPage');
const PlayerProfilePage = page(membersArea, 'PlayerProfilePage');

const DashboardPage = page(dashboardPage, 'DashboardPage');
const StaffProfilePage = page(staffArea, 'StaffProfilePage');
const StaffStatsPage = page(staffArea, 'StaffStatsPage');
const StaffRecordPage = page(staffArea, 'StaffRecordPage');
const LeavesPage = page(staffArea, 'LeavesPage');
const AdminSupportPage = page(staffArea, 'AdminSupportPage');

const TreasuryPage = page(treasuryArea, 'TreasuryPage');
const RegisterSalePage = page(treasuryArea, 'RegisterSalePage');
const SalesHistoryPage = page(treasuryArea, 'SalesHistoryPage');
const TreasuryMembersPage = page(treasuryArea, 'TreasuryMembersPage');

const SatPage = page(adminArea, 'SatPage');
const NewsAdminPage = page(adminArea, 'NewsAdminPage');
const RolesPage = page(adminArea, 'RolesPage');
const SecurityPage = page(adminArea, 'SecurityPage');
const ArtistApplicationsPage = page(adminArea, 'ArtistApplicationsPage');
const ApiKeysPage = page(adminArea, 'ApiKeysPage');
const DeliveriesPage = page(adminArea, 'DeliveriesPage');
const ContactMessagesPage = page(adminArea, 'ContactMessagesPage');
const DataRequestsPage = page(adminArea, 'DataRequestsPage');

const LegislativePage = page(legislativeArea, 'LegislativePage');
const InitiativePage = page(legislativeArea, 'InitiativePage');
const VerifyPage = page(verifyArea, 'VerifyPage');

const signedInArea = () => import('./layout/SignedInArea');
const SignedInArea = lazy(async () => ({ default: (await signedInArea()).SignedInArea }));
// The prerender (entry-server.tsx) has no window and downloads nothing.
if (typeof window !== 'undefined') preloadSignedInPage(window.location.pathname);

export function AppRoutes() {
  // A signed-in user is likely to open one of those pages: the wrapper downloads beforehand,
  // so that the page's own chunk is the only wait then.
  const signedIn = useAuth().user !== null;
  useEffect(() => {
    if (signedIn) void signedInArea();
  }, [signedIn]);

  return (
    <Routes>
      <Route element={<AppLayout />}>
        <Route index element={<LandingPage />} />
        <Route path="shop" element={<ShopPage />} />
        <Route path="news" element={<NewsPage />} />
        <Route path="news/:id" element={<NewsDetailPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="auth/callback" element={<AuthCallbackPage />} />
        <Route path="unauthorized" element={<UnauthorizedPage />} />
        <Route path="verify/*" element={<VerifyPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="artist-application" element={<ArtistApplicationPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="diario-oficial" element={<DiarioOficialPage />} />

        <Route element={<SignedInArea />}>
          <Route path="records" element={<ProtectedRoute><RecordsPage /></ProtectedRoute>} />
          <Route path="documents" element={<ProtectedRoute><DocumentsPage /></ProtectedRoute>} />
          {/* A ticket's address opens it over the list: the page stays mounted as it opens and closes. */}
          <Route path="support" element={<ProtectedRoute><SupportPage /></ProtectedRoute>}>
            <Route path="tickets/:id" element={null} />
          </Route>
          <Route path="perfil" element={<ProtectedRoute><PlayerProfilePage /></ProtectedRoute>} />
          <Route path="admin/artist-applications" element={<ProtectedRoute><ArtistApplicationsPage /></ProtectedRoute>} />

          <Route
            path="dashboard"
            element={
              <ProtectedRoute otherwise="/treasury">
                <DashboardPage />
              </ProtectedRoute>
            }
          />
          <Route path="staff/profile" element={<ProtectedRoute><StaffProfilePage /></ProtectedRoute>} />
          <Route path="staff/stats" element={<ProtectedRoute><StaffStatsPage /></ProtectedRoute>} />
          <Route path="staff/ausencias" element={<ProtectedRoute><LeavesPage /></ProtectedRoute>} />
          <Route path="staff/:userId" element={<ProtectedRoute><StaffRecordPage /></ProtectedRoute>} />
          <Route path="admin/support" element={<ProtectedRoute><AdminSupportPage /></ProtectedRoute>}>
            <Route path="tickets/:id" element={null} />
          </Route>

          <Route path="treasury" element={<ProtectedRoute><TreasuryPage /></ProtectedRoute>} />
          <Route path="treasury/register" element={<ProtectedRoute><RegisterSalePage /></ProtectedRoute>} />
          <Route path="treasury/history" element={<ProtectedRoute><SalesHistoryPage /></ProtectedRoute>} />
          <Route path="treasury/members" element={<ProtectedRoute><TreasuryMembersPage /></ProtectedRoute>} />

          <Route path="sat/business" element={<ProtectedRoute><SatPage /></ProtectedRoute>} />
          <Route path="admin/news" element={<ProtectedRoute><NewsAdminPage /></ProtectedRoute>} />
          <Route path="admin/roles" element={<ProtectedRoute><RolesPage /></ProtectedRoute>} />
          <Route path="security" element={<ProtectedRoute><SecurityPage /></ProtectedRoute>} />
          <Route path="admin/api-keys" element={<ProtectedRoute><ApiKeysPage /></ProtectedRoute>} />
          <Route path="admin/deliveries" element={<ProtectedRoute><DeliveriesPage /></ProtectedRoute>} />
          <Route path="admin/contact-messages" element={<ProtectedRoute><ContactMessagesPage /></ProtectedRoute>} />
          <Route path="admin/datos" element={<ProtectedRoute><DataRequestsPage /></ProtectedRoute>} />

          <Route path="legislative" element={<ProtectedRoute><LegislativePage /></ProtectedRoute>} />
          <Route path="legislative/initiatives/:id" element={<ProtectedRoute><InitiativePage /></ProtectedRoute>} />
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
