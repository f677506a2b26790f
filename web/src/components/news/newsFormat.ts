import { labelMap, valuesOf } from '../../api/labels';
import { NEWS_TYPES as NEWS_TYPE_TABLE } from '../../api/serverConstants.gen';
import type { NewsCard, NewsType } from '../../api/types';

export const CARD_PREVIEW_LENGTH = 150;
export const MANAGEMENT_PREVIEW_LENGTH = 100;
export const DEFAULT_NEWS_IMAGE = '/news-default.svg';

export const NEWS_TYPES: readonly NewsType[] = valuesOf(NEWS_TYPE_TABLE);

const TYPE_LABELS: Record<NewsType, string> = labelMap(NEWS_TYPE_TABLE);
const TYPE_COLORS: Record<NewsType, string> = { update: 'blue', announcement: 'magenta', event: 'green' };

const isNewsType = (type: string): type is NewsType => Object.hasOwn(TYPE_LABELS, type);

/** The label of a type the server does not name. */
export const OTHER_NEWS_TYPE_LABEL = 'Noticia';

/** The Spanish label of a news type; any other value is a plain 'Noticia'. */
export function newsTypeLabel(type: string): string {
  return isNewsType(type) ? TYPE_LABELS[type] : OTHER_NEWS_TYPE_LABEL;
}

export function newsTypeColor(type: string): string {
  return isNewsType(type) ? TYPE_COLORS[type] : 'default';
}

/** The text cut at `max` characters, with an ellipsis when it was longer. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, max).join('').trimEnd()}...`;
}

export function newsImage(item: Pick<NewsCard, 'imageUrl'>): string {
  return item.imageUrl.trim() === '' ? DEFAULT_NEWS_IMAGE : item.imageUrl;
}
