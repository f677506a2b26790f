import { useState, type CSSProperties } from 'react';
import type { NewsCard } from '../../api/types';
import { DEFAULT_NEWS_IMAGE, newsImage } from './newsFormat';

/** The item's image, or the default one when it has none or it fails to load. */
export function NewsImage({ item, style, className }: { item: Pick<NewsCard, 'imageUrl' | 'title'>; style?: CSSProperties; className?: string }) {
  const wanted = newsImage(item);
  const [failed, setFailed] = useState<string | null>(null);
  const src = failed === wanted ? DEFAULT_NEWS_IMAGE : wanted;
  return (
    <img
      src={src}
      alt={item.title}
      loading="lazy"
      referrerPolicy="no-referrer"
      className={className}
      style={{ display: 'block', width: '100%', objectFit: 'cover', ...style }}
      onError={() => setFailed(wanted)}
    />
  );
}
