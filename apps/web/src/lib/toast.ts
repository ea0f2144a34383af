import { message } from 'antd';

/** Toasts stay 3 s, 120 px from the top (spec §8, §9). */
export const TOAST_SECONDS = 3;
export const TOAST_TOP = 120;

message.config({ top: TOAST_TOP, duration: TOAST_SECONDS });

/**
 * The one place that shows toasts, so that tests can spy on it. An error toast is keyed by its
 * text: the same message again (a query's retry failing a second later, issue 17's two
 * 网络请求失败) replaces the one on screen instead of stacking a copy under it.
 */
export const toast = {
  error(text: string): void {
    void message.error({ content: text, key: `error:${text}`, duration: TOAST_SECONDS });
  },
  warning(text: string): void {
    void message.warning(text, TOAST_SECONDS);
  },
  success(text: string): void {
    void message.success(text, TOAST_SECONDS);
  },
};
