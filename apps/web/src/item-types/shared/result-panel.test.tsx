import type { AttemptResult, ItemAnswer } from '@ninety/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BlanksEvidence } from './blanks-evidence';
import { AnswerPanel } from './result-panel';

describe('the 解析 a learner reads', () => {
  it('names a blank the way a learner counts it, not as the bank marks it ({{n}})', () => {
    const answer: ItemAnswer = {
      id: 'rfib-0002',
      key: {},
      explanationZh: '{{1}} can identify it；ignore 与目的相反。{{2}} even in stormy weather。',
    };
    render(<AnswerPanel answer={answer} />);
    const region = screen.getByRole('region', { name: '答案与解析' });
    expect(region).toHaveTextContent(
      '【第 1 空】can identify it；ignore 与目的相反。【第 2 空】even in stormy weather。',
    );
    expect(region).not.toHaveTextContent('{{');
  });
});

describe('查看答案 shows the answers (issue 17)', () => {
  it.each([
    [
      {
        answers: [
          { blank: 1, answer: 'compressed' },
          { blank: 2, answer: 'as' },
        ],
      },
      ['【第 1 空】compressed', '【第 2 空】as'],
    ],
    [{ correct: ['B', 'D'] }, ['正确选项：B、D']],
    [{ order: ['C', 'A', 'B'] }, ['正确顺序：C → A → B']],
    [{ changes: [{ index: 6, spoken: 'fertile' }] }, ['第 7 个词，录音中是 fertile']],
  ])('key %j', (key, lines) => {
    const answer: ItemAnswer = { id: 'x', key, explanationZh: '解析' };
    render(<AnswerPanel answer={answer} />);
    const list = screen.getByRole('list', { name: '答案' });
    expect([...list.querySelectorAll('li')].map((li) => li.textContent)).toEqual(lines);
  });
});

describe('the blanks result table marks the learner’s answer, not the key (issue 17)', () => {
  it('✗ beside the wrong answer given, ✓ beside a right one; the key column has no ✗', () => {
    const result = {
      kind: 'blanks',
      score: 1,
      max: 2,
      blanks: [
        { blank: 1, given: 'compress', expected: 'compressed', correct: false },
        { blank: 2, given: 'as', expected: 'as', correct: true },
      ],
    } as unknown as AttemptResult;
    render(
      <BlanksEvidence
        type="RWFIB"
        result={result}
        content={{}}
        learnerAnswer={null}
        sampleAnswer={null}
      />,
    );
    const rows = screen.getAllByRole('row').slice(1);
    const cells = rows.map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['1', 'compress ✗', 'compressed'],
      ['2', 'as ✓', 'as'],
    ]);
  });
});
