import { ErrorCode, LOGIN_POLL_INTERVAL_MS } from '@ninety/contract';
import { useEffect, useEffectEvent, useState } from 'react';
import { HttpError } from '../../../lib/http';
import { toast } from '../../../lib/toast';
import { createWechatScene } from '../api/create-wechat-scene';
import { giveTokenByUuid } from '../api/give-token-by-uuid';
import { verifySceneId } from '../api/verify-scene-id';

/** Spec §2: 1 is the product's own app, 2 the messaging app (WeChat), the default. */
export type ScanMode = 1 | 2;
export const APP_SCAN_MODE = 1 as const;
export const WECHAT_SCAN_MODE = 2 as const;

/** What the QR code encodes in app mode (spec §4). */
export const APP_LOGIN_CODE_PREFIX = 'logincode=';

export type ScanCode = { mode: 1; uuid: string } | { mode: 2; sceneId: string; url: string };

export const WAITING_TEXT = '等待扫码';
export const NETWORK_RETRY_TEXT = '网络连接异常，正在重试…';
/** An ended session is refused quietly by the HTTP helper (spec §8); the dialog still says so. */
export const SESSION_ENDED_TEXT = '登录状态已失效，请刷新页面后重新扫码';
export const QR_EXPIRED_TEXT = '二维码已过期，已为你刷新，请重新扫码';

export interface ScanLoginOptions {
  mode: ScanMode;
  /** Polls only while true: scan mode shown in an open dialog. */
  isActive: boolean;
  onToken: (token: string) => void;
  /** WeChat answered 1011: the identity needs a phone; `userCode` is the server's msg. */
  onNeedsBinding: (userCode: string) => void;
}

export interface ScanLoginState {
  /** The code on screen; undefined while a new one is being made. */
  code: ScanCode | undefined;
  /** The latest poll's status text (the server's msg for code 2). */
  status: string;
  /** Polling stopped on an error: the learner may ask for a new code. */
  isStopped: boolean;
  refresh: () => void;
}

interface Shown {
  code: ScanCode | undefined;
  status: string;
  isStopped: boolean;
}

const initial: Shown = { code: undefined, status: WAITING_TEXT, isStopped: false };

/**
 * Makes a QR code for the mode and polls its state every second while active (spec §4). Leaving
 * scan mode, closing the dialog or unmounting stops the polling and cancels the request in flight.
 * Spec §4, §8: code 2 keeps waiting, 1011 asks for a phone, any other poll error shows its message
 * as an error — a code that expired (40005, then replaced by a new one at once), a network failure
 * (polling goes on) and an ended session alike.
 */
export function useScanLogin({
  mode,
  isActive,
  onToken,
  onNeedsBinding,
}: ScanLoginOptions): ScanLoginState {
  const [shown, setShown] = useState<Shown>(initial);
  // Bumped to make a new code for the same mode.
  const [generation, setGeneration] = useState(0);

  const handleToken = useEffectEvent(onToken);
  const handleNeedsBinding = useEffectEvent(onNeedsBinding);

  useEffect(() => {
    if (!isActive) return;
    const controller = new AbortController();
    const { signal } = controller;
    let timer: ReturnType<typeof setInterval> | undefined;
    let isPolling = false;

    const stop = () => {
      clearInterval(timer);
      controller.abort();
    };

    const pollOnce = async (code: ScanCode) => {
      if (isPolling || signal.aborted) return;
      isPolling = true;
      try {
        const token =
          code.mode === APP_SCAN_MODE
            ? await giveTokenByUuid(code.uuid, signal)
            : (await verifySceneId(code.sceneId, signal)).token;
        if (signal.aborted) return;
        stop();
        handleToken(token);
      } catch (error) {
        if (signal.aborted) return;
        handlePollError(error);
      } finally {
        isPolling = false;
      }
    };

    const handlePollError = (error: unknown) => {
      const httpError = error instanceof HttpError ? error : undefined;
      if (httpError?.code === ErrorCode.QrPending) {
        setShown((now) => ({ ...now, status: httpError.msg || WAITING_TEXT }));
      } else if (httpError?.code === ErrorCode.WechatNeedsPhone) {
        stop();
        handleNeedsBinding(httpError.msg);
      } else if (httpError?.code === ErrorCode.QrExpired) {
        stop();
        toast.error(httpError.msg || QR_EXPIRED_TEXT);
        setGeneration((value) => value + 1);
      } else if (httpError?.kind === 'network') {
        // A dropped connection is often brief: keep polling and say so (one toast: keyed by text).
        toast.error(httpError.msg);
        setShown((now) => ({ ...now, status: NETWORK_RETRY_TEXT }));
      } else if (httpError?.kind === 'session-ended') {
        stop();
        toast.error(SESSION_ENDED_TEXT);
        setShown((now) => ({ ...now, status: SESSION_ENDED_TEXT, isStopped: true }));
      } else {
        stop();
        toast.error(httpError?.msg ?? '二维码状态查询失败');
        setShown((now) => ({ ...now, isStopped: true }));
      }
    };

    const begin = async () => {
      setShown(initial);
      let code: ScanCode;
      if (mode === APP_SCAN_MODE) {
        code = { mode: APP_SCAN_MODE, uuid: crypto.randomUUID() };
      } else {
        try {
          const scene = await createWechatScene(signal);
          code = { mode: WECHAT_SCAN_MODE, sceneId: scene.sceneId, url: scene.url };
        } catch (error) {
          // The HTTP helper has shown the server's message, but not an ended session's (quiet).
          if (signal.aborted) return;
          const ended = error instanceof HttpError && error.kind === 'session-ended';
          if (ended) toast.error(SESSION_ENDED_TEXT);
          setShown({
            ...initial,
            isStopped: true,
            ...(ended ? { status: SESSION_ENDED_TEXT } : {}),
          });
          return;
        }
      }
      if (signal.aborted) return;
      setShown({ ...initial, code });
      timer = setInterval(() => void pollOnce(code), LOGIN_POLL_INTERVAL_MS);
    };

    void begin();
    return stop;
  }, [isActive, mode, generation]);

  return { ...shown, refresh: () => setGeneration((value) => value + 1) };
}
