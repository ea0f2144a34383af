import { renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Mock } from 'vitest';
import { onLoginRequested, resetLoginRequests } from '../../../lib/login-events';
import type { LoginRequest } from '../../../lib/login-events';
import { setToken } from '../../../lib/session';
import { guardLogin, useLoginGuard } from './use-login-guard';

let loginRequests: Mock<(request: LoginRequest) => void>;
let stop: () => void;

beforeEach(() => {
  loginRequests = vi.fn<(request: LoginRequest) => void>();
  stop = onLoginRequested(loginRequests);
});

afterEach(() => {
  stop();
  resetLoginRequests();
});

describe('the login guard (spec §6)', () => {
  it('signed out: opens the login dialog and does not run the action', () => {
    const action = vi.fn(() => 'ran');
    const { result } = renderHook(() => useLoginGuard());
    expect(result.current(action)).toBeUndefined();
    expect(action).not.toHaveBeenCalled();
    expect(loginRequests).toHaveBeenCalledExactlyOnceWith({});
  });

  it('signed in: runs the action and returns its result', () => {
    setToken('tok');
    const action = vi.fn(() => 'ran');
    const { result } = renderHook(() => useLoginGuard());
    expect(result.current(action)).toBe('ran');
    expect(action).toHaveBeenCalledTimes(1);
    expect(loginRequests).not.toHaveBeenCalled();
  });

  it('reads the token at the time of the call', () => {
    const { result } = renderHook(() => useLoginGuard());
    const guard = result.current;
    setToken('tok');
    expect(guard(() => 1)).toBe(1);
    expect(guardLogin(() => 2)).toBe(2);
  });
});
