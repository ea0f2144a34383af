import {
  buildExampleItem,
  type AnswerOf,
  type ItemOf,
  type WrittenTypeCode,
} from '@ninety/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { questionTypeOf, questionTypes } from './registry';

/** Renders a type's renderer with its answer in state, as the exercise page holds it. */
function renderType<C extends WrittenTypeCode>(code: C) {
  const type = questionTypeOf(code)!;
  const item = buildExampleItem(code) as ItemOf<C>;
  const content = (item as { content: ItemOf<C>['content'] }).content;
  const seen: { answer: AnswerOf<C> } = { answer: type.emptyAnswer(content) };
  function Host() {
    const [answer, setAnswer] = useState(seen.answer);
    const { Renderer } = type;
    return (
      <Renderer
        content={content}
        answer={answer}
        result={null}
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

describe('question-type renderers', () => {
  it('has a renderer for each of the 12 objective types', () => {
    expect(Object.keys(questionTypes).sort()).toEqual(
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
