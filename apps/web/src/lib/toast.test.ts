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
    toast.error('验证码错误');
    // antd's message loads on the first toast.
    await vi.waitFor(() => expect(message.error).toHaveBeenCalled());
    expect(message.config).toHaveBeenCalledWith({ top: 120, duration: 3 });
    expect(message.error).toHaveBeenCalledWith({
      content: '验证码错误',
      key: 'error:验证码错误',
      duration: 3,
    });
  });

  it('the same error twice replaces the toast on screen (one key), a different one stacks', async () => {
    const { toast } = await import('./toast');
    message.error.mockClear();
    toast.error('网络请求失败');
    toast.error('网络请求失败');
    toast.error('验证码错误');
    await vi.waitFor(() => expect(message.error).toHaveBeenCalledTimes(3));
    const keys = message.error.mock.calls.map(([options]) => (options as { key: string }).key);
    expect(keys).toEqual(['error:网络请求失败', 'error:网络请求失败', 'error:验证码错误']);
  });
});
