import { describe, expect, it } from 'vitest';
import { clockOf, fullPhotoUrl, thumbPhotoUrl } from './media';

describe('media helpers', () => {
  it('opens the full variant of a member photo in the viewer', () => {
    expect(fullPhotoUrl('/uploads/photos/u3/abc-thumb.webp')).toBe(
      '/uploads/photos/u3/abc-full.webp',
    );
    expect(fullPhotoUrl('https://cdn.example/p/abc-card.webp?v=2')).toBe(
      'https://cdn.example/p/abc-full.webp?v=2',
    );
    expect(fullPhotoUrl('/api/media/private/x.jpg')).toBe('/api/media/private/x.jpg');
  });

  it('shows a small avatar from the thumbnail, never the card', () => {
    expect(thumbPhotoUrl('/uploads/photos/u3/abc-card.webp')).toBe(
      '/uploads/photos/u3/abc-thumb.webp',
    );
    expect(thumbPhotoUrl('https://cdn.example/p/abc-full.webp?v=2')).toBe(
      'https://cdn.example/p/abc-thumb.webp?v=2',
    );
    expect(thumbPhotoUrl('/uploads/photos/u3/abc-thumb.webp')).toBe(
      '/uploads/photos/u3/abc-thumb.webp',
    );
  });

  it('shows recording and voice lengths as minutes and seconds', () => {
    expect(clockOf(0)).toBe('0:00');
    expect(clockOf(7.9)).toBe('0:07');
    expect(clockOf(92)).toBe('1:32');
  });
});
