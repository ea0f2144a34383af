import { message } from 'antd';

/** Toasts stay 3 s, 120 px from the top (spec §8, §9). */
export const TOAST_SECONDS = 3;
export const TOAST_TOP = 120;

message.config({ top: TOAST_TOP, duration: TOAST_SECONDS });

/** antd's message, configured: loaded by `toast` on the first toast, not with the HTTP client. */
export { message };
