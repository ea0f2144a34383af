import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * 学习中心 (issue 19) as a learner meets it: charts drawn from their own practice, a mistake redone
 * from the mistake book until it leaves, a goal that turns into today's plan on home, the quota
 * dialog at 0 uses, and the pages at phone width. Each test signs in its own learner.
 */

async function learner(page: Page, request: APIRequestContext): Promise<string> {
  const token = await signInByApi(request, uniquePhone());
  await useToken(page, token);
  return token;
}

async function sentenceOf(request: APIRequestContext, token: string, id: string): Promise<string> {
  const response = await request.get(`/api/posts/answer?id=${id}`, { headers: { token } });
  expect(response.ok()).toBe(true);
  return String((await response.json()).data.key.sentence);
}

/** One scored dictation through the API, as the exercise page submits it. */
async function dictation(request: APIRequestContext, token: string, id: string, text: string) {
  const response = await request.post('/api/posts/examed', {
    headers: { token },
    data: { itemId: id, answer: { text }, timeSpentSeconds: 20, idempotencyKey: randomUUID() },
  });
  return response;
}

async function studyMinutes(request: APIRequestContext, token: string, minutes: number) {
  for (let minute = 0; minute < minutes; minute += 1) {
    const response = await request.get('/api/postsV2/saveTimedOrCount?type=1&business=60', {
      headers: { token },
    });
    expect(response.ok()).toBe(true);
  }
}

// ECharts (≈200 kB gzip) and lazily loaded pages on a busy machine: room to load, no sleeps.
test.describe.configure({ timeout: 120_000 });
const slow = { timeout: 45_000 };

const submit = (page: Page) => page.getByRole('button', { name: /^提\s?交$/ }).click();

test('the charts draw the learner’s own practice and study time', async ({ page, request }) => {
  const token = await learner(page, request);
  const right = await sentenceOf(request, token, 'wfd-0001');
  expect((await dictation(request, token, 'wfd-0001', right)).ok()).toBe(true);
  expect((await dictation(request, token, 'wfd-0002', 'nothing like it')).ok()).toBe(true);
  await studyMinutes(request, token, 3);

  await page.goto('/data');
  const figures = page.getByRole('region', { name: '学习概况' });
  await expect(figures.getByText('今日学习').locator('..')).toContainText('3 分钟');
  await expect(figures.getByText('今日练习').locator('..')).toContainText('2 次');
  await expect(figures.getByText('连续学习').locator('..')).toContainText('1 天');
  for (const chart of ['chart-calendar', 'chart-month', 'chart-hours']) {
    await expect(page.getByTestId(chart)).toHaveAttribute('data-rendered', 'true', slow);
    await expect(page.getByTestId(chart).locator('svg').first()).toBeVisible();
  }
  await expect(page.getByTestId('weakest-types')).toContainText('听写句子 WFD');

  await page.getByRole('tab', { name: '题型' }).click();
  const row = page.getByTestId('type-table').getByRole('row', { name: /听写句子 WFD/ });
  await expect(row).toContainText('2 次');
  await expect(row).toContainText('50%');

  await page.getByRole('tab', { name: '能力趋势' }).click();
  await expect(page.getByTestId('chart-skills')).toHaveAttribute('data-rendered', 'true', slow);
  await expect(page.getByText('还没有完成的模考')).toBeVisible();
});

test('a mistake is redone from the mistake book and leaves it after two right answers', async ({
  page,
  request,
}) => {
  const token = await learner(page, request);
  const right = await sentenceOf(request, token, 'wfd-0003');
  expect((await dictation(request, token, 'wfd-0003', 'the wrong words')).ok()).toBe(true);

  await page.goto('/data?tab=mistakes');
  const list = page.getByTestId('mistake-list');
  await expect(list).toContainText('WFD #3');
  await expect(list).toContainText('我的作答：the wrong words');
  await expect(list).toContainText('待订正');
  await list.getByRole('link', { name: '重做' }).click();

  await expect(page).toHaveURL(/\/exp\/WFD\/wfd-0003/, slow);
  await page.getByRole('textbox', { name: '听写句子' }).fill(right);
  await submit(page);
  await expect(page.getByRole('region', { name: '评分结果' })).toBeVisible(slow);

  await page.goto('/data?tab=mistakes');
  await expect(list).toContainText('订正中 1/2');

  expect((await dictation(request, token, 'wfd-0003', right)).ok()).toBe(true);
  await page.reload();
  await expect(page.getByText('错题本是空的')).toBeVisible();
  await expect(page.getByText(/已订正 1 题/)).toBeVisible();
});

test('a goal set in 学习中心 becomes today’s plan on home', async ({ page, request }) => {
  await learner(page, request);
  await page.goto('/data?tab=plan');
  const form = page.getByRole('form', { name: '我的目标' });
  await form.getByRole('spinbutton', { name: '目标总分' }).fill('65');
  await form.getByRole('spinbutton', { name: '口语目标' }).fill('79');
  const exam = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel('考试日期').fill(exam);
  await form.getByRole('button', { name: '保存目标' }).click();
  await expect(page.getByText('已保存')).toBeVisible();

  await page.goto('/');
  const plan = page.getByTestId('study-plan');
  await expect(plan).toContainText(/距考试还有 (29|30|31) 天/);
  // Said once: the summary under it does not repeat the days left.
  await expect(plan.getByText(/距考试还有/)).toHaveCount(1);
  await expect(plan).toContainText('口语：暂无估分 / 目标 79');
  await expect(plan.getByRole('link', { name: '去练习' }).first()).toBeVisible();
  await expect(page.getByTestId('home-stats')).toContainText('连续学习');
});

test('at 0 uses a dialog says the allowance, when it returns and the way to VIP', async ({
  page,
  request,
}) => {
  const token = await learner(page, request);
  // Spend the day's uses (10 by default) through the API.
  for (let use = 0; use < 10; use += 1) {
    expect((await dictation(request, token, 'wfd-0001', `try ${use}`)).ok()).toBe(true);
  }
  expect((await dictation(request, token, 'wfd-0001', 'one more')).status()).toBe(403);

  await page.goto('/exp/WFD/wfd-0002');
  await page.getByRole('textbox', { name: '听写句子' }).fill('one more try');
  await submit(page);
  const dialog = page.getByTestId('quota-dialog');
  await expect(dialog).toBeVisible(slow);
  await expect(dialog).toContainText('非会员每天可以使用 10 次 AI 评分');
  await expect(dialog).toContainText('现在剩余 0 次');
  await expect(dialog).toContainText('恢复为 10 次');
  await page.getByRole('link', { name: '了解 VIP 会员' }).click();
  await expect(page).toHaveURL(/\/vip$/, slow);
});

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('学习中心 and home fit the phone’s width', async ({ page, request }) => {
    const token = await learner(page, request);
    const right = await sentenceOf(request, token, 'wfd-0001');
    await dictation(request, token, 'wfd-0001', right);
    await dictation(request, token, 'wfd-0002', 'wrong');
    await studyMinutes(request, token, 2);
    const fits = () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

    for (const path of ['/data', '/data?tab=types', '/data?tab=mistakes', '/data?tab=plan', '/']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      if (path === '/data') {
        await expect(page.getByTestId('chart-month')).toHaveAttribute(
          'data-rendered',
          'true',
          slow,
        );
      }
      if (path === '/') await expect(page.getByTestId('study-plan')).toBeVisible();
      expect(await fits(), path).toBe(true);
    }
  });
});
