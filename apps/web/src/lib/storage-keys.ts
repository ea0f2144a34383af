/** Keys in `localStorage` (spec §3). */
export const localKeys = {
  /** The session token, sent as the `token` header. */
  token: 'token',
  userInfo: 'userInfo',
  /** Learning duration record: date, today, total (minutes) and updateTime. */
  learningDuration: 'learningDuration',
  /** Study seconds counted while the server could not be reached, sent with the next minute. */
  pendingStudySeconds: 'pendingStudySeconds',
  /** Work-count flag from the server; changes the wording of the quota warning. */
  isZoom: 'isZoom',
  /** Set once the one-sentence mode's help dialog has been shown (spec §4: it shows once). */
  oneSentenceHelpSeen: 'oneSentenceHelpSeen',
  /** Prefix of the answers in progress (`lib/drafts`), one entry per draft key. */
  answerDraftPrefix: 'answerDraft:',
  /** Spec §9's upload id cache: unfinished uploads by file, to resume after a reload. */
  uploadIds: 'uploadIds',
  /** Spec §3 "Saved location": the location check's answer and its weekday (once a day). */
  location: 'location',
  /** 精听 shadowing records by itself after the sentence plays unless this is '0' (on by default). */
  listeningAutoRecord: 'listeningAutoRecord',
} as const;

/** Keys in `sessionStorage`. */
export const sessionKeys = {
  /** The state of a WeChat web authorisation the payment window asked for (checked on return). */
  wechatPayState: 'wechatPayState',
  /** Word colour bands from /api/voice/getColor. */
  wordColors: 'wordColors',
  /** When the page last reloaded itself after a page chunk failed to load (epoch ms). */
  chunkReloadAt: 'chunkReloadAt',
  /** Set by an account deletion just before the home page loads, which then says so once. */
  accountDeleted: 'accountDeleted',
} as const;

/**
 * Empties local storage except the entries whose key starts with one of `keep`. Reading or writing
 * storage can throw where it is disabled; there is nothing to clear then.
 */
export function clearLocalStorageExcept(keep: readonly string[]): void {
  try {
    const doomed: string[] = [];
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index);
      if (key !== null && !keep.some((prefix) => key.startsWith(prefix))) doomed.push(key);
    }
    for (const key of doomed) localStorage.removeItem(key);
  } catch {
    // Storage unavailable: nothing was kept, so nothing is left behind either.
  }
}
