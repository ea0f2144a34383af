import '@testing-library/jest-dom/vitest';
import { act, cleanup } from '@testing-library/react';
import { message, notification } from 'antd';
import NProgress from 'nprogress';
import { afterAll, afterEach, vi } from 'vitest';

afterEach(() => {
  cleanup();
  // A toast lives in antd's own React root, which cleanup() does not know: left open, its 3 s
  // close timer fires after the file's jsdom is gone and React finds no window.
  act(() => {
    message.destroy();
    notification.destroy();
  });
  localStorage.clear();
  sessionStorage.clear();
});

// React's scheduler may still hold work (e.g. an antd toast root mounting) when a file ends; let it
// run while jsdom's window still exists. The navigation progress bar fades out on its own timers
// (2 × 200 ms) and then removes its element: a file that ends mid-fade would have them fire after
// jsdom is gone ('document is not defined'), so the bar is finished and its element seen gone.
afterAll(async () => {
  await new Promise((resolve) => setTimeout(resolve, 50));
  NProgress.done();
  await vi.waitFor(
    () => {
      if (document.getElementById('nprogress')) throw new Error('the progress bar is still fading');
    },
    { timeout: 5_000, interval: 20 },
  );
});

// jsdom has no matchMedia; antd's responsive helpers ask for it.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

// jsdom does not implement scrolling; ScrollRestoration calls it on every navigation.
window.scrollTo = () => {};

// jsdom has no ResizeObserver; antd's popups (AutoComplete, Select) observe their anchor's size.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
