import { NEWS_TYPES as NEWS_TYPE_TABLE } from '../../api/serverConstants.gen';
import type { NewsCard, NewsType } from '../../api/types';

export const CARD_PREVIEW_LENGTH = 150;
export const MANAGEMENT_PREVIEW_LENGTH = 100;
export const DEFAULT_NEWS_IMAGE = '/news-default.svg';

export const NEWS_TYPES: readonly NewsType[] = NEWS_TYPE_TABLE.map(({ value }) => value);

const TYPE_LABELS: Record<string, string> = Object.fromEntries(NEWS_TYPE_TABLE.map(({ value, label }) => [value, label]));
const TYPE_COLORS: Record<string, string> = { update: 'blue', announcement: 'magenta', event: 'green' };

/** The Spanish label of a news type; any other value is a plain 'Noticia'. */
export function newsTypeLabel(type: string): string {
  return TYPE_LABELS[type] ?? 'Noticia';
}

export function newsTypeColor(type: string): string {
  return TYPE_COLORS[type] ?? 'default';
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
