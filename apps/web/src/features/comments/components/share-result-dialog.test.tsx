import type { SharedAnswer } from '@ninety/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../../lib/toast';
import { COPY_FAILED_TEXT, COPY_SUCCEEDED_TEXT, ShareResultDialog } from './share-result-dialog';

const shared: SharedAnswer = {
  id: '41',
  questionId: 'wfd-0001',
  shareType: 1,
  author: { name: '小九' },
  score: 7,
  max: 10,
  answerLines: ['the library'],
  content: '<b>hi</b>',
  createdAt: '2026-11-22T02:00:00.000Z',
  isMine: true,
};

/** Answers the share call and records what was posted. */
function stubShareCall() {
  const bodies: unknown[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify({ data: shared }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return bodies;
}

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText: vi.fn(writeText) } : undefined,
  });
}

function renderDialog(source: string | null = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ShareResultDialog
        open
        onClose={() => {}}
        attempt={{ id: '9', score: 7, max: 10 }}
        questionId="wfd-0001"
        source={source}
      />
    </QueryClientProvider>,
  );
}

const expectedLink = `${window.location.origin}/H5/share?id=41&questionId=wfd-0001&shareType=1`;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ShareResultDialog', () => {
  it('shares the attempt with the comment, then copies the link and says so', async () => {
    // user-event installs its own clipboard: replace it after setup.
    const user = userEvent.setup();
    const bodies = stubShareCall();
    const written: string[] = [];
    stubClipboard(async (text) => {
      written.push(text);
    });
    const success = vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderDialog('favorites');

    expect(screen.getByRole('dialog', { name: '分享结果' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '留言' }), '<b>hi</b>');
    await user.click(screen.getByRole('button', { name: '分享并复制链接' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith(COPY_SUCCEEDED_TEXT));
    expect(COPY_SUCCEEDED_TEXT).toBe('复制成功');
    expect(written).toEqual([expectedLink]);
    expect(bodies).toEqual([
      {
        attemptId: '9',
        questionId: 'wfd-0001',
        content: '<b>hi</b>',
        scoreType: 2,
        source: 'favorites',
      },
    ]);
    expect(screen.getByRole('textbox', { name: '分享链接' })).toHaveValue(expectedLink);
  });

  it('says to copy by hand and shows the link when the clipboard refuses', async () => {
    // user-event installs its own clipboard: replace it after setup.
    const user = userEvent.setup();
    const bodies = stubShareCall();
    stubClipboard(() => Promise.reject(new DOMException('denied', 'NotAllowedError')));
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    renderDialog('somewhere-else');

    await user.click(screen.getByRole('button', { name: '分享并复制链接' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(COPY_FAILED_TEXT));
    expect(COPY_FAILED_TEXT).toBe('复制失败，请手动复制');
    expect(screen.getByRole('textbox', { name: '分享链接' })).toHaveValue(expectedLink);
    // An unknown source in the page URL falls back to the default instead of failing the share.
    expect(bodies).toMatchObject([{ source: 'machine-exam-practice', content: '' }]);
  });

  it('fails over the same way where there is no clipboard at all (plain http)', async () => {
    const user = userEvent.setup();
    stubShareCall();
    stubClipboard(undefined);
    const error = vi.spyOn(toast, 'error').mockImplementation(() => {});
    renderDialog();

    await user.click(screen.getByRole('button', { name: '分享并复制链接' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(COPY_FAILED_TEXT));
    expect(screen.getByRole('textbox', { name: '分享链接' })).toHaveValue(expectedLink);
  });
  it('keeps the dialog open with the reason when the share is refused, and shares on a retry', async () => {
    const user = userEvent.setup();
    const answers = [
      new Response(JSON.stringify({ code: 40401, msg: '练习记录不存在' }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
      new Response(JSON.stringify({ data: shared }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answers.shift()),
    );
    stubClipboard(async () => {});
    vi.spyOn(toast, 'error').mockImplementation(() => {});
    vi.spyOn(toast, 'success').mockImplementation(() => {});
    renderDialog();

    await user.type(screen.getByRole('textbox', { name: '留言' }), 'kept');
    await user.click(screen.getByRole('button', { name: '分享并复制链接' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '分享没有成功：练习记录不存在，可以再试一次。',
    );
    // Nothing typed is lost.
    expect(screen.getByRole('textbox', { name: '留言' })).toHaveValue('kept');

    await user.click(screen.getByRole('button', { name: '分享并复制链接' }));
    expect(await screen.findByRole('textbox', { name: '分享链接' })).toHaveValue(expectedLink);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
