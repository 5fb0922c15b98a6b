/**
 * Runs before each web component test file (happy-dom): DOM matchers, MSW on, blob: URLs served, and after each
 * test the rendered tree, the handlers, the storage and the realtime socket are reset.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { dismissAllToasts } from '../ui/toast';
import { disconnectRealtime } from '../realtime/socket';
import { serveBlobUrls } from './blobUrls';
import { api } from './msw';

beforeAll(() => {
  serveBlobUrls();
  api.listen({ onUnhandledRequest: 'error' });
});
afterEach(() => {
  cleanup();
  disconnectRealtime();
  dismissAllToasts();
  api.resetHandlers();
  localStorage.clear();
  sessionStorage.clear();
});
afterAll(() => api.close());
