/**
 * The one MSW server of the web component tests: it answers the app's fetch calls in the test
 * process (nothing leaves it). Each test file adds the handlers it needs; a call nobody
 * answers fails the test, so a screen that starts calling something new is noticed.
 */
import { setupServer } from 'msw/node';

export const api = setupServer();
