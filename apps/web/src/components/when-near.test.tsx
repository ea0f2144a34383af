import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WhenNear } from './when-near';

describe('WhenNear', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders its children at once where IntersectionObserver is missing', () => {
    render(
      <WhenNear minHeight={120}>
        <p>大家的答案</p>
      </WhenNear>,
    );
    expect(screen.getByText('大家的答案')).toBeInTheDocument();
  });

  it('keeps the place until it comes near the screen, then keeps the children', () => {
    let report: ((entries: { isIntersecting: boolean }[]) => void) | null = null;
    const disconnect = vi.fn();
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
          report = callback;
        }
        observe() {}
        disconnect = disconnect;
      },
    );
    const { container } = render(
      <WhenNear minHeight={120}>
        <p>大家的答案</p>
      </WhenNear>,
    );
    expect(screen.queryByText('大家的答案')).toBeNull();
    expect((container.firstChild as HTMLElement).style.minHeight).toBe('120px');

    act(() => report?.([{ isIntersecting: false }]));
    expect(screen.queryByText('大家的答案')).toBeNull();
    act(() => report?.([{ isIntersecting: true }]));
    expect(screen.getByText('大家的答案')).toBeInTheDocument();
    expect(disconnect).toHaveBeenCalled();
  });
});
