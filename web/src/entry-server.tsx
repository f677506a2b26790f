/**
 * The prerender's entry (scripts/prerender.mjs, at build time): each page of the app rendered
 * by React's server renderer into the HTML the server sends, and antd's styles of those pages
 * extracted to a stylesheet, so that a page paints before any script runs. The browser then
 * hydrates the same tree (main.tsx).
 *
 * What a page shows of the request (its data, the person asking) is not known here: those
 * parts render in the browser (ssr/browserOnly.tsx), and the few words of the configuration
 * the frame shows are written as marks that the server replaces (webapi/document.go).
 */
import { StrictMode, type ReactNode } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { MessageOutlined, PlayCircleOutlined, TeamOutlined } from '@ant-design/icons';
import { StaticRouter } from 'react-router';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import { App } from './App';
import { createQueryClient } from './api/queryClient';
import { queryKeys } from './api/queries';
import { LATEST_NEWS_COUNT, NEWS_PAGE_SIZE } from './api/news';
import type { PortalConfig } from './api/types';
import { READ_MORE_TEXT } from './components/news/NewsCardView';
import { NO_NEWS_TEXT } from './components/news/NewsGrid';
import { CARD_PREVIEW_LENGTH, DEFAULT_NEWS_IMAGE, OTHER_NEWS_TYPE_LABEL } from './components/news/newsFormat';
import { HERO_CHAT_TEXT, HERO_JOIN_TEXT } from './pages/public/LandingPage';
import { NEWS_NOT_FOUND } from './pages/public/NewsPages';
import { LAW_WORDS, NO_LAWS_TEXT } from './pages/public/DiarioOficialPage';
import { JOIN_TEXT, PLAYERS_TEMPLATE } from './pages/public/ServerCardView';
import { UNAVAILABLE_TEXT } from './pages/public/serverStatus';
import { BOOT_ELEMENT_ID, FIRST_LAWS_PAGE, setBootData } from './ssr/bootData';
import { PrerenderContext, SLOT_ATTRIBUTE } from './ssr/browserOnly';
import { StyleCatalog, type CatalogScope } from './ssr/StyleCatalog';
import { ThemeProvider } from './theme/ThemeProvider';
import type { ThemeMode } from './theme/palette';

export { COMPONENT_STYLES_ATTRIBUTE } from './ssr/componentStyles';
export { signedInPageModules } from './routes';

/** The marks the server replaces with the configuration's words, HTML-escaped. */
export const MARKS = {
  communityName: '%%ZOCALO_COMMUNITY_NAME%%',
  year: '%%ZOCALO_YEAR%%',
} as const;

/**
 * What the server must know of the pages to serve them (the manifest beside them): where to
 * write, what data each page reads, and the app's words for what it writes into the regions
 * for readers without JavaScript, so that both say the same.
 */
export const SERVER_CONTRACT = {
  marks: MARKS,
  bootElementId: BOOT_ELEMENT_ID,
  slotAttribute: SLOT_ATTRIBUTE,
  latestNews: LATEST_NEWS_COUNT,
  /** How many items /news asks for a page of: the server writes the first page. */
  newsPage: NEWS_PAGE_SIZE,
  lawsPage: { page: FIRST_LAWS_PAGE.page, limit: FIRST_LAWS_PAGE.limit },
  newsPreviewLength: CARD_PREVIEW_LENGTH,
  defaultNewsImage: DEFAULT_NEWS_IMAGE,
  /** The icons the app's buttons and cards show, as the app draws them. */
  icons: {
    play: renderToStaticMarkup(<PlayCircleOutlined />),
    message: renderToStaticMarkup(<MessageOutlined />),
    team: renderToStaticMarkup(<TeamOutlined />),
  },
  texts: {
    heroJoin: HERO_JOIN_TEXT,
    heroChat: HERO_CHAT_TEXT,
    unavailable: UNAVAILABLE_TEXT,
    join: JOIN_TEXT,
    players: PLAYERS_TEMPLATE,
    readMore: READ_MORE_TEXT,
    noNews: NO_NEWS_TEXT,
    noLaws: NO_LAWS_TEXT,
    law: LAW_WORDS,
    newsNotFound: NEWS_NOT_FOUND,
    otherNews: OTHER_NEWS_TYPE_LABEL,
  },
};

/** The configuration as the prerender sees it: its words are marks, its lists render in the browser. */
const PRERENDER_CONFIG = {
  communityName: MARKS.communityName,
  roleIds: {},
  groups: {},
  social: {},
  communityChatUrl: '',
  servers: [],
  shop: [],
  timeZone: 'America/Mexico_City',
  demo: false,
} as unknown as PortalConfig;

export type StyleCache = ReturnType<typeof createCache>;

export function createStyleCache(): StyleCache {
  return createCache();
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return html + decoder.decode();
    html += decoder.decode(value, { stream: true });
  }
}

/** The markup of the app at `url`, its antd styles collected into `cache`. */
export async function renderPage(url: string, mode: ThemeMode, cache: StyleCache): Promise<string> {
  setBootData({ config: PRERENDER_CONFIG, year: MARKS.year });
  const queryClient = createQueryClient();
  queryClient.setQueryData(queryKeys.config, PRERENDER_CONFIG);
  const router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  const unexpected: unknown[] = [];
  const { prelude } = await prerender(
    <StrictMode>
      <StyleProvider cache={cache}>
        <PrerenderContext value>
          <App queryClient={queryClient} router={router} themeMode={mode} hydrating />
        </PrerenderContext>
      </StyleProvider>
    </StrictMode>,
    // Every boundary inline, in place: a large one would otherwise be sent after the page with
    // an inline script to move it, which the portal's Content-Security-Policy refuses.
    { onError: (error) => void unexpected.push(error), progressiveChunkSize: Number.MAX_SAFE_INTEGER },
  );
  const html = await readAll(prelude);
  if (unexpected.length > 0) throw new Error(`prerendering ${url}: ${String(unexpected[0])}`, { cause: unexpected[0] });
  return html;
}

/** One of each antd component the app uses (ssr/StyleCatalog.tsx), its rules collected into `cache`; the markup is thrown away. */
export function renderStyleCatalog(scope: CatalogScope, cache: StyleCache): void {
  renderToString(
    <StyleProvider cache={cache}>
      <ThemeProvider initialMode="light">
        <StyleCatalog scope={scope} />
      </ThemeProvider>
    </StyleProvider>,
  );
}

/**
 * antd's styles collected in `cache`: the components' rules, with the cache's record of them
 * that tells antd in the browser not to generate them again, or only the theme's variables.
 */
export function extractCss(cache: StyleCache, part: 'rules' | 'variables'): string {
  return extractStyle(cache, { plain: true, types: part === 'rules' ? ['style'] : ['token', 'cssVar'] });
}
