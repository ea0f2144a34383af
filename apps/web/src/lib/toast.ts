import type * as ToastMessageModuleNs from './toast-message';

type ToastMessageModule = typeof ToastMessageModuleNs;

/**
 * The one place that shows toasts, so that tests can spy on it. An error toast is keyed by its
 * text: the same message again (a query's retry failing a second later, issue 17's two
 * 网络请求失败) replaces the one on screen instead of stacking a copy under it.
 *
 * antd's message (with its notification styles, ~15 kB gzip) loads on the first toast rather than
 * with the HTTP client, which every signed-in page loads (issue 19: home's first load ≤ 180 kB).
 * Toasts keep their order: each waits for the same import.
 */
let loading: Promise<ToastMessageModule> | undefined;

function show(
  kind: 'error' | 'warning' | 'success',
  text: string,
  options: { key?: string } = {},
): void {
  loading ??= import('./toast-message');
  void loading.then(({ message, TOAST_SECONDS }) => {
    if (kind === 'error') {
      void message.error({ content: text, key: options.key, duration: TOAST_SECONDS });
    } else {
      void message[kind](text, TOAST_SECONDS);
    }
  });
}

export const toast = {
  error(text: string): void {
    show('error', text, { key: `error:${text}` });
  },
  warning(text: string): void {
    show('warning', text);
  },
  success(text: string): void {
    show('success', text);
  },
};
