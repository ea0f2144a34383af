import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DraftNotice } from './draft-notice';

describe('DraftNotice', () => {
  it('says the answer came back, and discards it only once the learner confirms', async () => {
    const onDiscard = vi.fn();
    render(<DraftNotice onDiscard={onDiscard} />);
    expect(screen.getByRole('alert')).toHaveTextContent('已恢复你上次未提交的答案');

    await userEvent.click(screen.getByRole('button', { name: '清空重做' }));
    expect(onDiscard).not.toHaveBeenCalled();
    await userEvent.click(await screen.findByRole('button', { name: /^清\s?空$/ }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
  });

  it('offers no way to start over where the clock must not restart (an exam)', () => {
    render(<DraftNotice />);
    expect(screen.getByRole('alert')).toHaveTextContent('计时从已用的时间继续');
    expect(screen.queryByRole('button', { name: '清空重做' })).toBeNull();
  });
});
