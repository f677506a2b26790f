import { describe, expect, it } from 'vitest';
import { CARD_PREVIEW_LENGTH, DEFAULT_NEWS_IMAGE, MANAGEMENT_PREVIEW_LENGTH, newsImage, newsTypeLabel, truncate } from './newsFormat';

describe('news previews', () => {
  it('cut at 150 characters on cards and at 100 in the management preview', () => {
    expect(CARD_PREVIEW_LENGTH).toBe(150);
    expect(MANAGEMENT_PREVIEW_LENGTH).toBe(100);
  });

  it('keep a text of the limit or shorter as it is', () => {
    const exact = 'a'.repeat(150);
    expect(truncate(exact, 150)).toBe(exact);
    expect(truncate('corto', 100)).toBe('corto');
  });

  it('cut a longer text and add an ellipsis', () => {
    expect(truncate('b'.repeat(151), 150)).toBe(`${'b'.repeat(150)}...`);
    expect(truncate('c'.repeat(250), 100)).toBe(`${'c'.repeat(100)}...`);
  });

  it('count characters, not UTF-16 units', () => {
    expect(truncate('ñ😀'.repeat(60), 100)).toBe(`${'ñ😀'.repeat(50)}...`);
  });
});

describe('newsTypeLabel', () => {
  it.each([
    ['update', 'Actualización'],
    ['announcement', 'Anuncio'],
    ['event', 'Evento'],
    ['otra-cosa', 'Noticia'],
    ['', 'Noticia'],
  ])('labels %s as %s', (type, label) => {
    expect(newsTypeLabel(type)).toBe(label);
  });
});

describe('newsImage', () => {
  it('uses the default image when the item has none', () => {
    expect(newsImage({ imageUrl: '' })).toBe(DEFAULT_NEWS_IMAGE);
    expect(newsImage({ imageUrl: '  ' })).toBe(DEFAULT_NEWS_IMAGE);
    expect(newsImage({ imageUrl: 'https://img.example/a.png' })).toBe('https://img.example/a.png');
  });
});
