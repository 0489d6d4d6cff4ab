import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll, vi } from 'vitest';
import { preloadLazyComponents } from '../lib/lazy-component';
import { preloadToasts } from '../lib/toast';

// findBy* and waitFor wait for what a user would see next; their one-second default fails on a busy machine
// (the page still comes, later). A wait that never ends still fails, within the test's time limit.
configure({ asyncUtilTimeout: 20_000 });

// Pages, dialogs and toasts load their code when first shown (the e2e journeys exercise that in a real browser):
// loaded up front here, once the test file has imported them, so a test sees them as soon as they render, as a
// user does once their code has arrived.
beforeAll(() => Promise.all([preloadLazyComponents(), preloadToasts()]));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.removeAttribute('style');
  document.title = '';
});
