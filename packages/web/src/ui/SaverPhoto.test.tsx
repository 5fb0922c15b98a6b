/**
 * « Économie de données » (issue 19): with it on, a large photo is its thumbnail until tapped;
 * the choice is kept on this device and, until made, follows the browser's data saver.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../lib/dataSaver/dataSaver';
import { SaverPhoto } from './SaverPhoto';

const photo = () => (
  <SaverPhoto
    src="data:image/webp;base64,Y2FyZA=="
    lite="data:image/webp;base64,bGl0ZQ=="
    thumb="data:image/webp;base64,dGh1bWI="
    width={480}
    height={640}
  />
);
/** A connection as Chrome on Android describes it, which says when it changes. */
function stubConnection(info: { type: string }) {
  const connection = Object.assign(new EventTarget(), info);
  vi.stubGlobal('navigator', { ...navigator, connection });
  return connection;
}
const shownSources = (container: HTMLElement) =>
  [...container.querySelectorAll('img')].map((i) => i.getAttribute('src'));

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

describe('SaverPhoto', () => {
  it('shows the photo itself when the member does not save data', () => {
    const { container } = render(photo());
    expect(shownSources(container)).toEqual(['data:image/webp;base64,Y2FyZA==']);
    expect(screen.queryByRole('button', { name: 'Afficher la photo' })).toBeNull();
  });

  it('keeps to the thumbnail until tapped when « Économie de données » is on', async () => {
    act(() => setDataSaver(true));
    const { container } = render(photo());
    expect(shownSources(container)).toEqual(['data:image/webp;base64,dGh1bWI=']);
    expect(localStorage.getItem('data_saver')).toBe('on');
    await userEvent.click(screen.getByRole('button', { name: 'Afficher la photo' }));
    expect(shownSources(container)).toEqual(['data:image/webp;base64,Y2FyZA==']);
  });

  it("follows the browser's data saver until the member chooses", () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const { container, unmount } = render(photo());
    expect(shownSources(container)).toEqual(['data:image/webp;base64,dGh1bWI=']);
    unmount();
    act(() => setDataSaver(false));
    expect(localStorage.getItem('data_saver')).toBe('off');
    // The photo, then: its lite version, since the browser still asks to save data.
    expect(shownSources(render(photo()).container)).toEqual(['data:image/webp;base64,bGl0ZQ==']);
  });

  it('shows the lite card on mobile data, the card on Wi-Fi, and follows the change', () => {
    const connection = stubConnection({ type: 'cellular' });
    const { container } = render(photo());
    expect(shownSources(container)).toEqual(['data:image/webp;base64,bGl0ZQ==']);
    act(() => {
      connection.type = 'wifi';
      connection.dispatchEvent(new Event('change'));
    });
    expect(shownSources(container)).toEqual(['data:image/webp;base64,Y2FyZA==']);
  });

  it('falls back to the card when the lite file cannot be had', () => {
    stubConnection({ type: 'cellular' });
    const { container } = render(photo());
    const img = container.querySelector('img');
    if (!img) throw new Error('no photo');
    fireEvent.error(img);
    expect(shownSources(container)).toEqual(['data:image/webp;base64,Y2FyZA==']);
  });
});
