import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FlowPromptAudio } from './flow-prompt-audio';

describe('the speaking prompt audio never leaves the learner stuck', () => {
  it('a file that failed while the countdown ran moves the flow on when it is time to play', () => {
    const onEnded = vi.fn();
    const props = { src: '/files/missing.mp3', durationSeconds: 5, secondsLeft: 2, onEnded };
    const view = render(<FlowPromptAudio {...props} stage="countdown" />);
    fireEvent.error(view.container.querySelector('audio')!);
    expect(onEnded).not.toHaveBeenCalled();
    view.rerender(<FlowPromptAudio {...props} stage="playing" />);
    expect(onEnded).toHaveBeenCalledTimes(1);
  });

  it('a stalled download gives up a little after the recording’s length, once', () => {
    vi.useFakeTimers();
    try {
      const onEnded = vi.fn();
      const props = { src: '/files/slow.mp3', durationSeconds: 5, secondsLeft: 0, onEnded };
      const view = render(<FlowPromptAudio {...props} stage="playing" />);
      vi.advanceTimersByTime(9_000);
      expect(onEnded).not.toHaveBeenCalled();
      vi.advanceTimersByTime(2_000);
      expect(onEnded).toHaveBeenCalledTimes(1);
      fireEvent.ended(view.container.querySelector('audio')!);
      expect(onEnded).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });
});
