/** A photo in the thread: its lighter preview on mobile data, the card preview otherwise. */
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { chatMessage } from '../../test/chatMessages';
import { MessageBubble } from './MessageBubble';

const CARD = 'data:image/webp;base64,Y2FyZA==';
const LITE = 'data:image/webp;base64,bGl0ZQ==';
const photo = chatMessage(1, 2, {
  type: 'image',
  content: '',
  file_url: 'data:image/webp;base64,ZnVsbA==',
  preview_url: CARD,
  preview_lite_url: LITE,
});
const noop = () => undefined;
const shown = () =>
  render(
    <MessageBubble
      message={photo}
      mine={false}
      selected={false}
      flash={false}
      onSelect={noop}
      onImage={noop}
      onEdit={noop}
      onDelete={noop}
      onMediaLoad={noop}
    />,
  ).getByRole('img', { name: 'Photo' });

afterEach(() => vi.unstubAllGlobals());

describe('MessageBubble photo', () => {
  it('shows the card preview on Wi-Fi', () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { type: 'wifi' } });
    expect(shown().getAttribute('src')).toBe(CARD);
  });

  it('shows the lighter preview on mobile data', () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { type: 'cellular' } });
    expect(shown().getAttribute('src')).toBe(LITE);
  });
});
