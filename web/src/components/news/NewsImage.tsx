import { useState, type CSSProperties } from 'react';
import type { NewsCard } from '../../api/types';
import { DEFAULT_NEWS_IMAGE, newsImage } from './newsFormat';

/**
 * The item's image, or the default one when it has none or it fails to load. Its box is sized
 * by the caller (a height, or an aspect ratio in index.css) before the image arrives, so that
 * nothing moves when it does. `eager`: the page's main image, fetched first rather than lazily.
 */
export function NewsImage({ item, style, className, eager = false }: { item: Pick<NewsCard, 'imageUrl' | 'title'>; style?: CSSProperties; className?: string; eager?: boolean }) {
  const wanted = newsImage(item);
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? DEFAULT_NEWS_IMAGE : wanted;
  return (
    <img
      src={src}
      alt={item.title}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      referrerPolicy="no-referrer"
      className={className}
      style={{ display: 'block', width: '100%', objectFit: 'cover', ...style }}
      onError={() => setFailed(wanted)}
    />
  );
}
