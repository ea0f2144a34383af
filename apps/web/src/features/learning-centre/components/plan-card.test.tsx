import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { buildPlan } from '../testing';
import { PlanCard } from './plan-card';

const typeLink = (_type: unknown, children: ReactNode) => <a href="#type">{children}</a>;

function renderCard(fields: Parameters<typeof buildPlan>[0]) {
  render(<PlanCard plan={buildPlan(fields)} renderTypeLink={typeLink} />);
  return screen.getByTestId('study-plan');
}

describe('the plan card', () => {
  it('says the days left once (it was said twice, by the countdown and by the summary)', () => {
    const card = renderCard({ daysLeft: 30 });
    expect(card.textContent?.match(/距考试还有/g)).toHaveLength(1);
    expect(card).toHaveTextContent('距考试还有 30 天');
    expect(screen.getByText('重点：口语差 15 分，今天约 60 分钟。')).toBeInTheDocument();
  });

  it('on the day of the exam wishes luck instead of counting 0 days', () => {
    const card = renderCard({ daysLeft: 0 });
    expect(card).toHaveTextContent('今天考试，祝顺利！');
    expect(card).not.toHaveTextContent('距考试还有');
  });

  it('without an exam date, says nothing of days', () => {
    const card = renderCard({ daysLeft: null, examDate: null });
    expect(card).not.toHaveTextContent(/距考试|今天考试/);
  });
});
