import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { Photo, avifTwin } from './Photo';

describe('avifTwin', () => {
  it('names the AVIF twin of a thumbnail or a lite card, and of nothing else', () => {
    expect(avifTwin('/uploads/photos/u3/ab-thumb.webp')).toBe('/uploads/photos/u3/ab-thumb.avif');
    expect(avifTwin('https://cdn.example/p/ab-lite.webp?v=2')).toBe(
      'https://cdn.example/p/ab-lite.avif?v=2',
    );
    expect(avifTwin('/uploads/photos/u3/ab-card.webp')).toBeNull();
    expect(avifTwin('/uploads/photos/u3/ab-full.webp')).toBeNull();
    expect(avifTwin('blob:http://localhost/123')).toBeNull();
  });
});

describe('Photo', () => {
  it('offers the AVIF twin first, the WebP to browsers without AVIF', () => {
    const { container } = render(<Photo src="/uploads/photos/u3/ab-lite.webp" width={320} />);
    const source = container.querySelector('picture > source');
    expect(source?.getAttribute('type')).toBe('image/avif');
    expect(source?.getAttribute('srcset')).toBe('/uploads/photos/u3/ab-lite.avif');
    expect(container.querySelector('picture > img')?.getAttribute('src')).toBe(
      '/uploads/photos/u3/ab-lite.webp',
    );
  });

  it('falls back to the WebP alone when the twin fails to load', () => {
    const { container } = render(<Photo src="/uploads/photos/u3/ab-thumb.webp" />);
    const img = container.querySelector('img') as HTMLImageElement;
    Object.defineProperty(img, 'currentSrc', { value: 'http://x/uploads/photos/u3/ab-thumb.avif' });
    fireEvent.error(img);
    expect(container.querySelector('picture')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('src')).toBe(
      '/uploads/photos/u3/ab-thumb.webp',
    );
  });

  it('shows any other address as it is, and reports its own failure', () => {
    let failed = 0;
    const { container } = render(
      <Photo src="/uploads/photos/u3/ab-card.webp" onError={() => (failed += 1)} />,
    );
    expect(container.querySelector('picture')).toBeNull();
    fireEvent.error(container.querySelector('img') as HTMLImageElement);
    expect(failed).toBe(1);
  });
});
