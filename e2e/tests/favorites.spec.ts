import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

test('star an item in a colour, find it in the folder and the list filter, then take it out', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/exp/RO/ro-0001');
  await page.getByRole('button', { name: /^收\s?藏$/ }).click();
  await page.getByRole('menuitem', { name: /绿色/ }).click();
  await expect(page.getByRole('button', { name: '已收藏（绿色）' })).toBeVisible();

  await page.goto('/tools/favorites');
  const group = page.getByRole('region', { name: /段落排序 RO/ });
  await expect(group.locator('a[href^="/exp/RO/ro-0001?"]')).toBeVisible();
  await page.locator('[aria-label="收藏颜色"] .ant-segmented-item').nth(1).click(); // 红色
  await expect(page.getByText('没有红色标签的收藏')).toBeVisible();
  await page.locator('[aria-label="收藏颜色"] .ant-segmented-item').nth(3).click(); // 绿色
  await expect(group.locator('a[href^="/exp/RO/ro-0001?"]')).toBeVisible();

  // The bank's list filter by colour finds it too.
  await page.goto('/question-list/RO/1?color=3');
  await expect(page.locator('main li a[href^="/exp/RO/"]')).toHaveCount(1);

  await page.goto('/exp/RO/ro-0001');
  await page.getByRole('button', { name: '已收藏（绿色）' }).click();
  await page.getByRole('menuitem', { name: '取消收藏' }).click();
  await expect(page.getByRole('button', { name: /^收\s?藏$/ })).toBeVisible();
  await page.goto('/tools/favorites');
  await expect(page.getByText(/还没有收藏题目/)).toBeVisible();
});
