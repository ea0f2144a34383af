import type { ItemAnswer } from '@ninety/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
