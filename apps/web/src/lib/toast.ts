import { message } from 'antd';

/** Toasts stay 3 s, 120 px from the top (spec §8, §9). */
export const TOAST_SECONDS = 3;
export const TOAST_TOP = 120;

message.config({ top: TOAST_TOP, duration: TOAST_SECONDS });

/** The one place that shows toasts, so that tests can spy on it. */
export const toast = {
  error(text: string): void {
    void message.error(text, TOAST_SECONDS);
  },
  warning(text: string): void {
    void message.warning(text, TOAST_SECONDS);
  },
  success(text: string): void {
    void message.success(text, TOAST_SECONDS);
  },
};
