import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ONE_SENTENCE_HINT } from '../one-sentence-selection';
import { OneSentenceText } from './one-sentence-text';

const TEXT = 'One two three four five six seven eight nine ten eleven twelve.';

describe('OneSentenceText (spec §4)', () => {
  it('emits a look-up with the word and term name in normal mode', () => {
    const onLookup = vi.fn();
    render(<OneSentenceText text={TEXT} mode="normal" termName="阅读填空" onLookup={onLookup} />);
    fireEvent.click(screen.getByRole('button', { name: 'twelve' }));
    expect(onLookup).toHaveBeenCalledWith({ word: 'twelve', termName: '阅读填空' });
  });

  it('hints on a short range, then highlights a valid one and hands over its words', async () => {
    const onSentence = vi.fn();
    render(<OneSentenceText text={TEXT} mode="one-sentence" termName="" onSentence={onSentence} />);
    fireEvent.click(screen.getByRole('button', { name: 'One' }));
    fireEvent.click(screen.getByRole('button', { name: 'nine' }));
    expect(await screen.findByText(ONE_SENTENCE_HINT)).toBeInTheDocument();
    expect(onSentence).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'One' })).toHaveAttribute('aria-pressed', 'false');

    // Last word first: the range swaps.
    fireEvent.click(screen.getByRole('button', { name: 'eleven' }));
    fireEvent.click(screen.getByRole('button', { name: 'two' }));
    expect(onSentence).toHaveBeenCalledWith([
      'two',
      'three',
      'four',
      'five',
      'six',
      'seven',
      'eight',
      'nine',
      'ten',
      'eleven',
    ]);
    expect(screen.getByRole('button', { name: 'six' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'twelve' })).toHaveAttribute('aria-pressed', 'false');
  });
});
