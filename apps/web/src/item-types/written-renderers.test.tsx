import type { AnswerOf, ItemOf, WrittenTypeCode } from '@ninety/contract';
import { buildExampleItem } from '@ninety/contract/testing';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadAllItemTypes, type LoadedItemTypes } from '../testing/item-types';
import type { ContentOf, WrittenItemType } from './types';
import { answerSecondsOf, useAnswerClock } from './runner/use-answer-clock';

let types: LoadedItemTypes;
beforeAll(async () => {
  types = await loadAllItemTypes();
});

/** Renders a type's renderer with its answer and clock in state, as the runner holds them. */
function renderType<C extends WrittenTypeCode>(code: C) {
  const type = types[code] as unknown as WrittenItemType<C>;
  const item = buildExampleItem(code) as ItemOf<C>;
  const content = (item as unknown as { content: ContentOf<C> }).content;
  const seen: { answer: AnswerOf<C> } = { answer: type.emptyAnswer(content) };
  function Host() {
    const [answer, setAnswer] = useState(seen.answer);
    const [startedAt] = useState(() => Date.now());
    const secondsLeft = useAnswerClock(startedAt, answerSecondsOf(code), true);
    const { Renderer } = type;
    return (
      <Renderer
        content={content}
        answer={answer}
        result={null}
        secondsLeft={secondsLeft}
        onChange={(next) => {
          seen.answer = next;
          setAnswer(next);
        }}
      />
    );
  }
  render(<Host />);
  return { item, seen, type };
}

describe('written item types', () => {
  it('has a renderer for each of the 15 written types', () => {
    const written = Object.values(types).filter((type) => type.kind === 'written');
    expect(written.map((type) => type.code).sort()).toEqual(
      [
        'HCS',
        'HIW',
        'LFIB',
        'LMCM',
        'LMCS',
        'RFIB',
        'RMCM',
        'RMCS',
        'RO',
        'RWFIB',
        'SMW',
        'SST',
        'SWT',
        'WE',
        'WFD',
      ].sort(),
    );
  });

  it('RMCS takes one option; choosing another replaces it', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('RMCS');
    const [first, second] = screen.getAllByRole('radio');
    await user.click(first!);
    await user.click(second!);
    expect(seen.answer).toEqual({ chosen: ['B'] });
  });

  it('RMCM takes several options and lets one go again', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('RMCM');
    const boxes = screen.getAllByRole('checkbox');
    await user.click(boxes[0]!);
    await user.click(boxes[2]!);
    await user.click(boxes[0]!);
    expect(seen.answer).toEqual({ chosen: ['C'] });
  });

  it('RFIB: a clicked word fills the first empty blank, a clicked blank gives it back', async () => {
    const user = userEvent.setup();
    const { item, seen } = renderType('RFIB');
    const bank = screen.getByRole('group', { name: '备选词' });
    const [firstWord, secondWord] = item.content.wordBank;
    await user.click(within(bank).getByRole('button', { name: firstWord }));
    expect(seen.answer.blanks[0]).toBe(firstWord);
    // A selected blank takes the next word instead of the first empty one.
    await user.click(screen.getByRole('button', { name: '第 3 空' }));
    await user.click(within(bank).getByRole('button', { name: secondWord }));
    expect(seen.answer.blanks[2]).toBe(secondWord);
    expect(within(bank).queryByRole('button', { name: secondWord })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `第 1 空：${firstWord}（点击取回）` }));
    expect(seen.answer.blanks[0]).toBe('');
    expect(within(bank).getByRole('button', { name: firstWord })).toBeInTheDocument();
  });

  it('RO: paragraphs move across and up and down with buttons', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('RO');
    await user.click(screen.getByRole('button', { name: '把段落 A 放到右侧末尾' }));
    await user.click(screen.getByRole('button', { name: '把段落 C 放到右侧末尾' }));
    await user.click(screen.getByRole('button', { name: '段落 C 上移' }));
    expect(seen.answer).toEqual({ order: ['C', 'A'] });
    await user.click(screen.getByRole('button', { name: '把段落 A 放回左侧' }));
    expect(seen.answer).toEqual({ order: ['C'] });
  });

  it('HIW: words toggle on and off', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('HIW');
    const words = screen.getAllByRole('button', { pressed: false });
    await user.click(words[3]!);
    await user.click(words[5]!);
    await user.click(words[3]!);
    expect(seen.answer).toEqual({ words: [5] });
  });

  it('LFIB takes typed words', async () => {
    const user = userEvent.setup();
    const lfib = renderType('LFIB');
    await user.type(screen.getByRole('textbox', { name: '第 1 空' }), 'energy');
    expect(lfib.seen.answer.blanks[0]).toBe('energy');
  });

  it('WFD counts the words typed', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('WFD');
    await user.type(screen.getByRole('textbox', { name: '听写句子' }), 'Students need a permit');
    expect(seen.answer).toEqual({ text: 'Students need a permit' });
    expect(screen.getByText('Total Word Count: 4')).toBeInTheDocument();
  });
});

describe('writing renderers (SWT, WE, SST)', () => {
  it('counts words live and shows the item’s time', async () => {
    const user = userEvent.setup();
    renderType('SWT');
    expect(screen.getByRole('timer')).toHaveTextContent('Time Remaining 10:00');
    await user.type(screen.getByLabelText('一句话总结'), 'Cities grow fast.');
    expect(screen.getByText('Total Word Count: 3')).toBeInTheDocument();
  });

  it('WE gives 20 minutes', () => {
    renderType('WE');
    expect(screen.getByRole('timer')).toHaveTextContent('Time Remaining 20:00');
  });

  it('Cut and Paste move the selected words inside the box, as the test’s buttons do', async () => {
    const user = userEvent.setup();
    const { seen } = renderType('WE');
    const box = screen.getByLabelText<HTMLTextAreaElement>('作文');
    await user.type(box, 'first second third');
    box.setSelectionRange(0, 6);
    await user.click(screen.getByRole('button', { name: 'Cut' }));
    expect(seen.answer).toEqual({ text: 'second third' });
    // The box puts the caret back where the cut was on the next frame.
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(box.selectionStart).toBe(0);
    box.setSelectionRange(box.value.length, box.value.length);
    await user.click(screen.getByRole('button', { name: 'Paste' }));
    expect(seen.answer).toEqual({ text: 'second thirdfirst ' });
  });

  it('closes the box when time runs out', () => {
    vi.useFakeTimers();
    try {
      renderType('SWT');
      for (let second = 0; second < 600; second += 1) act(() => vi.advanceTimersByTime(1000));
      expect(screen.getByRole('timer')).toHaveTextContent('时间到，请提交');
      expect(screen.getByLabelText('一句话总结')).toHaveAttribute('readonly');
    } finally {
      vi.useRealTimers();
    }
  });
});
