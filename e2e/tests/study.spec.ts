import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

test('a practice setting changed in 个人中心 is still there after a reload', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '练习设置' });
  await expect(panel.getByRole('radio', { name: '1 倍' })).toBeChecked();
  await panel.getByText('1.2 倍').click();
  await panel.getByText('点击后再显示').click();
  await panel.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();

  await page.reload();
  await expect(panel.getByRole('radio', { name: '1.2 倍' })).toBeChecked();
  await expect(panel.getByRole('radio', { name: '点击后再显示' })).toBeChecked();
  await expect(panel.getByRole('switch')).toBeChecked();

  // The exercise page follows them: 1.2x preselected, the key and 解析 only on request.
  await panel.getByRole('switch').click();
  await panel.getByRole('button', { name: '保存设置' }).click();
  await expect(page.getByText('设置已保存')).toBeVisible();
  await page.goto('/exp/LMCS/lmcs-0001');
  const audio = page.getByRole('group', { name: '录音' });
  await expect(audio.getByRole('status')).toHaveText('Status: 已关闭自动播放');
  await expect(audio.locator('.ant-segmented-item-selected')).toHaveText('1.2x');
  await page.locator('input[value="A"]').check();
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  const result = page.getByRole('region', { name: '评分结果' });
  await expect(result.getByRole('heading', { name: '解析' })).toBeHidden();
  await result.getByRole('button', { name: '显示原文、范文与解析' }).click();
  await expect(result.getByRole('heading', { name: '解析' })).toBeVisible();
});

test('a minute on the exercise page counts as study time in 学习中心', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  // The page's timers and Date under the test's control, starting now (the server dates by its
  // own clock, so the two must agree on the day).
  await page.clock.install();
  await page.goto('/data');
  const figures = page.getByRole('region', { name: '学习概况' });
  await expect(figures.getByText('今日学习').locator('..')).toContainText('0 分钟');

  await page.goto('/exp/RO/ro-0001');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('RO');
  // The minute's timer starts in an effect of the page's first render; the title names the item
  // from an effect of a later one (or of the same render, after the timer's), so once it shows
  // the timer is running. Moving the clock on the h1 alone could run before it started.
  await expect(page).toHaveTitle(/^[^ ]+ RO #\d+ /);
  const tick = page.waitForResponse((response) =>
    response.url().includes('/api/postsV2/saveTimedOrCount?type=1&business=60'),
  );
  await page.clock.runFor(60_000);
  expect((await tick).status()).toBe(200);
  const record = await page.evaluate(() =>
    JSON.parse(window.localStorage.getItem('learningDuration') ?? 'null'),
  );
  expect(record).toMatchObject({ today: 1, total: 1 });

  // The next tick, a minute later, counts the second minute.
  await page.clock.runFor(60_000);
  await expect
    .poll(() =>
      page.evaluate(() => JSON.parse(window.localStorage.getItem('learningDuration') ?? 'null')),
    )
    .toMatchObject({ today: 2, total: 2 });

  await page.goto('/data');
  await expect(figures.getByText('今日学习').locator('..')).toContainText('2 分钟');
  await expect(figures.getByText('累计学习').locator('..')).toContainText('2 分钟');
});
