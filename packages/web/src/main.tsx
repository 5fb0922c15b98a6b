import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from './lib/router';
import { AppRoutes } from './routes';
import { registerServiceWorker } from './pwa';
import './styles.css';

const root = document.getElementById('root');
if (root) {
  const app = createRoot(root);
  // A transition: React draws the first screen in slices, yielding to the phone between them,
  // instead of one long task while the member already sees the page loading.
  startTransition(() =>
    app.render(
      <StrictMode>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
}
registerServiceWorker();
