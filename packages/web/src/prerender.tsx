/**
 * Build-time rendering (vite.config.ts loads this module in Node): the public screens as React
 * draws them at their address, every lazy part resolved, and the signed-in frame. The browser
 * then hydrates the public screens (main.tsx) and keeps the frame until the app's own screen is
 * ready.
 */
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from './lib/router';
import { AppRoutes } from './routes';
import { ShellFrame } from './app/ShellFrame';

export { PRERENDERED, FRAME_PAGE, BARE_PAGE, pageTable } from './pages';

/** The HTML of the app at `path`, once every lazy screen has been loaded and drawn. */
export async function renderPage(path: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter path={path}>
        <AppRoutes />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}

/** Build time has no storage: the frame is drawn as before the member's profile has arrived. */
const EMPTY_STORAGE: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> = {
  getItem: () => null,
  setItem: () => undefined,
  removeItem: () => undefined,
};

/** The signed-in frame: top bar, skeleton cards, bottom navigation. */
export function renderFrame(): string {
  if (!('localStorage' in globalThis)) {
    Object.defineProperty(globalThis, 'localStorage', { value: EMPTY_STORAGE });
  }
  return renderToString(
    <StaticRouter path="/home">
      <ShellFrame />
    </StaticRouter>,
  );
}
