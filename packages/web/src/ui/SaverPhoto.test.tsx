/**
 * « Économie de données » (issue 19): with it on, a large photo is its thumbnail until tapped;
 * the choice is kept on this device and, until made, follows the browser's data saver.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setDataSaver } from '../lib/dataSaver/dataSaver';
import { SaverPhoto } from './SaverPhoto';

const photo = () => (
  <SaverPhoto
    src="data:image/webp;base64,Y2FyZA=="
    thumb="data:image/webp;base64,dGh1bWI="
    width={480}
    height={640}
  />
);
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

  it('follows the browser’s data saver until the member chooses', () => {
    vi.stubGlobal('navigator', { ...navigator, connection: { saveData: true } });
    const { container, unmount } = render(photo());
    expect(shownSources(container)).toEqual(['data:image/webp;base64,dGh1bWI=']);
    unmount();
    act(() => setDataSaver(false));
    expect(localStorage.getItem('data_saver')).toBe('off');
    expect(shownSources(render(photo()).container)).toEqual(['data:image/webp;base64,Y2FyZA==']);
  });
});
