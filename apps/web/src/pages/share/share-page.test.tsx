import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, ok, stubApi } from '../../testing/stub-api';
import { renderApp } from '../../testing/render-app';

const detail = {
  id: '41',
  questionId: 'wfd-0001',
  shareType: 1,
  author: { name: '139****0001' },
  score: 7,
  max: 10,
  answerLines: ['the library will extend'],
  content: '<b>hi</b>',
  createdAt: new Date().toISOString(),
  isMine: false,
  item: { id: 'wfd-0001', type: 'WFD', number: 1, title: 'Library hours' },
};

describe('答案分享 page', () => {
  it('shows the shared answer, score and comment as plain text to a signed-out visitor', async () => {
    const api = stubApi({ 'GET /api/questionsComment/detail': ok(detail) });
    const { container } = renderApp('/H5/share?id=41&questionId=wfd-0001&shareType=1');
    expect(await screen.findByRole('heading', { name: '听写句子 #1' })).toBeInTheDocument();
    const article = screen.getByRole('article', { name: '分享的答案' });
    expect(article).toHaveTextContent('得分 7 / 10');
    expect(article).toHaveTextContent('the library will extend');
    expect(screen.getByText('<b>hi</b>')).toBeInTheDocument();
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByRole('link', { name: '我也练练这道题' })).toHaveAttribute(
      'href',
      '/exp/WFD/wfd-0001',
    );
    const [call] = api.requestsTo('GET /api/questionsComment/detail');
    expect(call?.url.searchParams.get('id')).toBe('41');
    expect(call?.url.searchParams.get('questionId')).toBe('wfd-0001');
  });

  it('says a deleted share is gone, and a broken link is incomplete without asking', async () => {
    stubApi({ 'GET /api/questionsComment/detail': fail(40401, '分享不存在或已删除', 404) });
    renderApp('/H5/share?id=41&questionId=wfd-0001&shareType=1');
    expect(await screen.findByText('这条分享不存在或已被删除')).toBeInTheDocument();
  });

  it('does not call the server for a link without an id', async () => {
    const api = stubApi();
    renderApp('/H5/share');
    expect(await screen.findByText(/分享链接不完整/)).toBeInTheDocument();
    expect(api.requestsTo('GET /api/questionsComment/detail')).toHaveLength(0);
  });
});
