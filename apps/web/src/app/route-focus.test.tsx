import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { announce, ANNOUNCER_ID } from '../lib/announce';
import { signIn } from '../testing/stub-api';
import { renderApp } from '../testing/render-app';

describe('focus and announcements across pages (issue 23)', () => {
  it('leaves focus alone on the first page, then focuses the next page’s h1', async () => {
    signIn();
    const { router } = renderApp('/');
    const home = await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    expect(home).not.toHaveFocus();

    await router.navigate('/question');
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: '题库' },
      { timeout: 5000 },
    );
    await waitFor(() => expect(heading).toHaveFocus());
  });

  it('focuses the heading without scrolling it: the router placed the scroll (back keeps it)', async () => {
    signIn();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    try {
      await router.navigate('/question');
      const heading = await screen.findByRole(
        'heading',
        { level: 1, name: '题库' },
        { timeout: 5000 },
      );
      await waitFor(() => expect(heading).toHaveFocus());
      expect(scrolled).not.toHaveBeenCalled();
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    }
  });

  it('has a 跳到主要内容 link first, which moves focus to the main content', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    await user.tab();
    const skip = screen.getByRole('link', { name: '跳到主要内容' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it('says each sentence through one polite live region, the same one twice too', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 }, { timeout: 5000 });
    const region = document.getElementById(ANNOUNCER_ID)!;
    expect(region).toHaveAttribute('aria-live', 'polite');
    announce('段落 C 已放到第 3 位');
    await waitFor(() => expect(region).toHaveTextContent('段落 C 已放到第 3 位'));
    announce('段落 C 已放到第 3 位');
    expect(region).toHaveTextContent('');
    await waitFor(() => expect(region).toHaveTextContent('段落 C 已放到第 3 位'));
  });
});
