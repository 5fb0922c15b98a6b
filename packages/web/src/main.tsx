import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes, preloadScreen } from './routes';
import { keepFrame } from './lib/frame';
import { registerServiceWorker } from './pwa';
import './styles.css';

const app = (
  <StrictMode>
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  </StrictMode>
);

const root = document.getElementById('root');
if (root) {
  keepFrame(root);
  root.removeAttribute('inert');
  // A public screen drawn at build time (pages.ts) is hydrated: the form the member may already
  // be typing in stays, and only comes alive. Its code is loaded first, so that hydration runs
  // in one go. With a query (a referral code), the screen is drawn anew with what it says.
  const drawn = root.dataset.page === 'prerendered' && root.dataset.path === location.pathname;
  if (drawn && !location.search) {
    // Noting what is typed starts as soon as its small module is there, beside the screen's code.
    const noting = import('./lib/keepTyped').then((m) => m.keepTyped(root));
    void Promise.all([noting, preloadScreen(location.pathname)]).then(([restoreTyped]) => {
      hydrateRoot(root, app);
      restoreTyped();
    });
  } else {
    const created = createRoot(root);
    // A transition: React draws the first screen in slices, yielding to the phone between them,
    // instead of one long task while the member already sees the page loading.
    startTransition(() => created.render(app));
  }
}
registerServiceWorker();
