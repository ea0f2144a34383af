import { REPEATS, SPEEDS, type Repeat, type Speed } from './sentence-player';

/** What a key does on the details page. */
export type ShortcutAction =
  | { type: 'toggle' }
  | { type: 'replay' }
  | { type: 'previous' }
  | { type: 'next' }
  | { type: 'speed'; speed: Speed }
  | { type: 'cycle-repeat' }
  | { type: 'toggle-text' }
  | { type: 'toggle-translation' };

/** The keys as the help card lists them. */
export const SHORTCUTS: readonly { keys: string; labelZh: string }[] = [
  { keys: '空格', labelZh: '播放 / 暂停本句' },
  { keys: 'R', labelZh: '从头重播本句' },
  { keys: '← / →', labelZh: '上一句 / 下一句' },
  { keys: '1 – 5', labelZh: `语速 ${SPEEDS.map((speed) => `${speed}×`).join(' / ')}` },
  { keys: 'L', labelZh: '切换循环次数（1 / 3 / 5 / 无限）' },
  { keys: 'T', labelZh: '显示 / 隐藏原文' },
  { keys: 'Y', labelZh: '显示 / 隐藏译文' },
  { keys: 'Esc', labelZh: '离开输入框（输入框内快捷键不生效）' },
];

export function nextRepeat(repeat: Repeat): Repeat {
  const index = REPEATS.indexOf(repeat);
  return REPEATS[(index + 1) % REPEATS.length] ?? 1;
}

/** Text fields take their keys: a learner typing "r" or a space in dictation is writing. */
const TEXT_INPUTS = new Set(['text', 'search', 'email', 'number', 'password', 'tel', 'url', '']);

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return TEXT_INPUTS.has(target.type);
  return target.tagName === 'TEXTAREA' || target.tagName === 'SELECT';
}

/** A focused button or radio acts on space itself (the player's own buttons included). */
function isPressable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement)
    return target.type === 'radio' || target.type === 'checkbox';
  return target.tagName === 'BUTTON' || target.getAttribute('role') === 'button';
}

/** The action of a key press, or null when the key is not ours (or the learner is typing). */
export function shortcutFor(event: KeyboardEvent): ShortcutAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey || event.repeat) return null;
  if (isTyping(event.target)) return null;
  switch (event.key) {
    case ' ':
      return isPressable(event.target) ? null : { type: 'toggle' };
    case 'ArrowLeft':
      return { type: 'previous' };
    case 'ArrowRight':
      return { type: 'next' };
    case 'r':
    case 'R':
      return { type: 'replay' };
    case 'l':
    case 'L':
      return { type: 'cycle-repeat' };
    case 't':
    case 'T':
      return { type: 'toggle-text' };
    case 'y':
    case 'Y':
      return { type: 'toggle-translation' };
    default: {
      const step = /^[1-5]$/.test(event.key) ? SPEEDS[Number(event.key) - 1] : undefined;
      return step === undefined ? null : { type: 'speed', speed: step };
    }
  }
}
