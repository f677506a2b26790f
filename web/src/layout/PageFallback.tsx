import { Typography } from 'antd';
import { matchRoutes, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { PAGE_TITLES } from '../pageTitles';

const TITLED_ROUTES = Object.keys(PAGE_TITLES).map((path) => ({ path }));

/** The title of the page at `pathname`, as pageTitles.ts names it, or null for a path the app does not have. */
export function pageTitleAt(pathname: string): string | null {
  const match = matchRoutes(TITLED_ROUTES, pathname)?.[0];
  return match ? PAGE_TITLES[match.route.path as keyof typeof PAGE_TITLES] : null;
}

/**
 * What the content area shows while a page downloads, and what the prerendered HTML of a
 * signed-in page shows until the app knows who is asking: the page's frame with its heading
 * (as components/Page draws it) over a space that holds the rest of the window.
 */
export function PageFallback() {
  const title = pageTitleAt(useLocation().pathname);
  return (
    <section className="page page-fallback">
      {title ? (
        <Typography.Title level={1} className="page-title" style={{ marginTop: 0 }}>
          {title}
        </Typography.Title>
      ) : null}
      <Loading />
    </section>
  );
}
