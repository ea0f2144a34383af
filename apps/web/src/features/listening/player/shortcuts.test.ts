import { describe, expect, it } from 'vitest';
import { nextRepeat, shortcutFor } from './shortcuts';

function press(key: string, target: HTMLElement = document.body, init: KeyboardEventInit = {}) {
  if (target !== document.body) document.body.append(target);
  const event = new KeyboardEvent('keydown', { key, bubbles: true, ...init });
  let action: ReturnType<typeof shortcutFor> = null;
  const listener = (received: KeyboardEvent) => {
    action = shortcutFor(received);
  };
  document.addEventListener('keydown', listener);
  target.dispatchEvent(event);
  document.removeEventListener('keydown', listener);
  if (target !== document.body) target.remove();
  return action;
}

describe('shortcutFor', () => {
  it('maps space, R, the arrows, 1–5, L, T and Y', () => {
    expect(press(' ')).toEqual({ type: 'toggle' });
    expect(press('R')).toEqual({ type: 'replay' });
    expect(press('ArrowLeft')).toEqual({ type: 'previous' });
    expect(press('ArrowRight')).toEqual({ type: 'next' });
    expect(press('1')).toEqual({ type: 'speed', speed: 0.5 });
    expect(press('5')).toEqual({ type: 'speed', speed: 1.5 });
    expect(press('6')).toBeNull();
    expect(press('l')).toEqual({ type: 'cycle-repeat' });
    expect(press('t')).toEqual({ type: 'toggle-text' });
    expect(press('y')).toEqual({ type: 'toggle-translation' });
  });

  it('leaves text fields, modified keys and held keys alone', () => {
    expect(press('r', document.createElement('textarea'))).toBeNull();
    expect(press(' ', Object.assign(document.createElement('input'), { type: 'text' }))).toBeNull();
    expect(press('r', document.body, { ctrlKey: true })).toBeNull();
    expect(press('ArrowRight', document.body, { repeat: true })).toBeNull();
  });

  it('lets a focused button or radio take the space, but not the other keys', () => {
    expect(press(' ', document.createElement('button'))).toBeNull();
    const radio = Object.assign(document.createElement('input'), { type: 'radio' });
    expect(press(' ', radio)).toBeNull();
    expect(press('r', radio)).toEqual({ type: 'replay' });
  });

  it('cycles the repeat count 1 → 3 → 5 → ∞ → 1', () => {
    expect([nextRepeat(1), nextRepeat(3), nextRepeat(5), nextRepeat(Infinity)]).toEqual([
      3,
      5,
      Infinity,
      1,
    ]);
  });
});
