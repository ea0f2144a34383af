import { expect, test } from './fixtures';

/**
 * The signed-out home's 试做一题: the sample loads on the visitor's click, is scored in
 * the browser (no request to the server), shows the practice result panel, and offers sign-up.
 */
test('a visitor tries the sample item on home, is scored in the browser, and is offered sign-up', async ({
  page,
}) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: '试做一题' });
  // Home's first load has none of the sample's code; the click brings it.
  await section.getByRole('button', { name: '开始试做' }).click();
  const right = section.getByRole('radio', { name: /protect them from water damage/ });
  await expect(right).toBeVisible();
  const apiCalls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) apiCalls.push(request.url());
  });
  await right.check();
  await section.getByRole('button', { name: '提交' }).click();
  const result = section.getByRole('region', { name: '评分结果' });
  await expect(result).toContainText('得分 1 / 1');
  await expect(result).toContainText('正确答案：C');
  await expect(result.getByRole('heading', { name: '评分结果' })).toBeFocused();
  expect(apiCalls).toEqual([]);
  await section.getByRole('button', { name: '免费注册 / 登录' }).click();
  await expect(page.getByRole('dialog', { name: /登录/ })).toBeVisible();
});
