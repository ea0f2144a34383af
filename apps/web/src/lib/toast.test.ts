import { describe, expect, it, vi } from 'vitest';

const message = vi.hoisted(() => ({
  config: vi.fn(),
  error: vi.fn(),
  warning: vi.fn(),
  success: vi.fn(),
}));
vi.mock('antd', () => ({ message }));

describe('toast', () => {
  it('configures antd messages 120 px from the top for 3 s and shows errors for 3 s', async () => {
    const { toast } = await import('./toast');
    expect(message.config).toHaveBeenCalledWith({ top: 120, duration: 3 });
    toast.error('验证码错误');
    expect(message.error).toHaveBeenCalledWith('验证码错误', 3);
  });
});
