import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
import { message, notification } from 'antd';
import NProgress from 'nprogress';
import { unstable_IdlePriority, unstable_scheduleCallback } from 'scheduler';
import { afterAll, afterEach, vi } from 'vitest';

// findBy* and waitFor wait for a state; their ceiling is not a speed target. The default 1 s was
// seen to run out on a route change when the web suite shares two cores between two workers.
configure({ asyncUtilTimeout: 5000 });

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

/**
 * Resolves once React's scheduler has run everything queued before this call: an idle-priority
 * task runs only after every task of a higher priority that is already waiting.
 */
const schedulerDrained = () =>
  new Promise<void>((resolve) => {
    unstable_scheduleCallback(unstable_IdlePriority, resolve);
  });

// When a file ends, React may still hold work (an antd toast root mounting, a lazy chunk that came
// in as the test finished): every scheduled task reads `window.event`, so one left for after the
// file's jsdom is gone fails the run ('window is not defined'). The navigation progress bar fades
// out on its own timers (2 × 200 ms) and then removes its element, with the same risk. So the file
// ends once the bar is finished and gone and the scheduler has drained, twice over: work may queue
// more work.
afterAll(async () => {
  NProgress.done();
  await vi.waitFor(
    () => {
      if (document.getElementById('nprogress')) throw new Error('the progress bar is still fading');
    },
    { timeout: 5_000, interval: 20 },
  );
  await schedulerDrained();
  await new Promise((resolve) => setTimeout(resolve, 0));
  await schedulerDrained();
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
