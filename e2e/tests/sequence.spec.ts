import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * 上一题 / 下一题 follow the list the learner came from: a bank list or a favourites folder.
 * (Every type has 16 items, under one page of 20; crossing pages is covered by the web unit test.)
 */

test('from a question list: next and previous, and back to the same page', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/question-list/WFD/1');
  await page.locator('main li a[href^="/exp/WFD/"]').first().click();
  const nav = page.getByRole('navigation', { name: '题目切换' });
  await expect(nav).toContainText('第 1 / 16 题');
  await expect(nav.getByText('← 上一题')).toHaveAttribute('aria-disabled', 'true');
  await nav.getByRole('link', { name: '下一题 →' }).click();
  await expect(nav).toContainText('第 2 / 16 题');
  await nav.getByRole('link', { name: '← 上一题' }).click();
  await expect(nav).toContainText('第 1 / 16 题');

  await page.getByRole('link', { name: '返回题目列表' }).click();
  await expect(page).toHaveURL(/\/question-list\/WFD\/1$/);
});

test('from a favourites folder: the details page starts the sequence and 下一题 stays in the folder', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  for (const id of ['hcs-0002', 'hcs-0005']) {
    await page.goto(`/exp/HCS/${id}`);
    await page.getByRole('button', { name: /^收\s?藏$/ }).click();
    await page.getByRole('menuitem', { name: /黄色/ }).click();
    await expect(page.getByRole('button', { name: '已收藏（黄色）' })).toBeVisible();
  }
  await page.goto('/tools/favorites');
  await page.getByRole('link', { name: '按顺序练习' }).click();
  await expect(page).toHaveURL(/\/tools\/favorites\/details\?code=HCS$/);
  await expect(page.locator('main li a[href^="/exp/HCS/"]')).toHaveCount(2);
  await page.getByRole('link', { name: /开始按顺序练习（2 题）/ }).click();

  const nav = page.getByRole('navigation', { name: '题目切换' });
  await expect(nav).toContainText('第 1 / 2 题');
  const first = page.url();
  await nav.getByRole('link', { name: '下一题 →' }).click();
  await expect(nav).toContainText('第 2 / 2 题');
  expect(page.url()).not.toBe(first);
  await expect(nav.getByText('下一题 →')).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('link', { name: '返回收藏' }).click();
  await expect(page).toHaveURL(/\/tools\/favorites\/details\?code=HCS$/);
});
