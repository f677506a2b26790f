import { Typography } from 'antd';
import { matchRoutes, useLocation } from 'react-router';
import { Loading } from '../components/Loading';
import { PAGE_SUBTITLES } from '../pageSubtitles';
import { PAGE_TITLES, type PagePath } from '../pageTitles';

const TITLED_ROUTES = Object.keys(PAGE_TITLES).map((path) => ({ path }));

function pagePathOf(pathname: string): PagePath | null {
  const match = matchRoutes(TITLED_ROUTES, pathname)?.[0];
  return match ? (match.route.path as PagePath) : null;
}

/** The title of the page at `pathname`, as pageTitles.ts names it, or null for a path the app does not have. */
export function pageTitleAt(pathname: string): string | null {
  const path = pagePathOf(pathname);
  return path ? PAGE_TITLES[path] : null;
}

/**
 * What the content area shows while a page downloads, and what the prerendered HTML of a
 * signed-in page shows until the app knows who is asking: the page's frame with its heading and
 * description (as components/Page draws them) over a space that holds the rest of the window.
 */
export function PageFallback() {
  const path = pagePathOf(useLocation().pathname);
  const subtitle = path ? PAGE_SUBTITLES[path] : undefined;
  return (
    <section className="page page-fallback">
      {path ? (
        <Typography.Title level={1} className="page-title" style={{ marginTop: 0 }}>
          {PAGE_TITLES[path]}
        </Typography.Title>
      ) : null}
      {subtitle ? <Typography.Paragraph type="secondary">{subtitle}</Typography.Paragraph> : null}
      <Loading />
    </section>
  );
}
