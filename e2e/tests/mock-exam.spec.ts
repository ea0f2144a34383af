import type { Locator, Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * A mock exam in Chromium with the fake microphone (the `fake-microphone` project): the short
 * `test-all-types` paper (one item of every type; MOCK_TEST_BLUEPRINTS in the e2e server), the
 * check-in with the microphone check, every item through the exam UI, a reload in the reading
 * section that resumes on the same item with the same time left, the end, the report and an
 * analysis, the public report signed out and the H5 report at 375 px.
 */

const TEXT = 'Cities plant trees because shade cools the streets and people walk more in summer.';

/** Seconds on the exam timer ("12:34" or "1:02:03"). */
async function timerSeconds(timer: Locator): Promise<number> {
  const parts = ((await timer.textContent()) ?? '').trim().split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** Answers what can be answered on the item shown (typed or chosen), then Next. */
async function answerAndNext(page: Page, main: Locator) {
  const next = main.getByRole('button', { name: 'Next' });
  // A speaking item shows Next once it records; a written one at once.
  await expect(next).toBeVisible({ timeout: 300_000 });
  const boxes = main.getByRole('textbox');
  for (const box of await boxes.all()) {
    if (await box.isEditable()) await box.fill(TEXT);
  }
  const radio = main.getByRole('radio').first();
  if (await radio.isVisible()) await radio.check();
  const checkbox = main.getByRole('checkbox').first();
  if (await checkbox.isVisible()) await checkbox.check();
  // A recording's Next ends it at once; a written item's Next asks first.
  const isSpeaking = await main.getByRole('group', { name: 'Recorded Answer' }).isVisible();
  await next.click();
  if (!isSpeaking) await page.getByRole('dialog').getByRole('button', { name: 'Yes' }).click();
}

test('a learner sits the all-types paper, reloads mid-paper, finishes and reads the report', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(25 * 60_000);
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/mock/exam');
  const card = page.getByRole('region', { name: '全题型测试卷' });
  await card.getByRole('button', { name: '开始模考' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^开\s?始$/ })
    .click();

  // Check-in: instructions, headset, the microphone check (it must hear the voice), start.
  await page
    .getByRole('region', { name: 'Test Introduction' })
    .getByRole('button', { name: 'Next' })
    .click();
  const headset = page.getByRole('region', { name: 'Headset Check' });
  await headset.getByRole('button', { name: 'Play' }).click();
  await headset.getByRole('button', { name: 'Next' }).click();
  const microphone = page.getByRole('region', { name: 'Microphone Check' });
  await microphone.getByRole('button', { name: 'Record' }).click();
  await expect(microphone.getByText('Microphone OK')).toBeVisible({ timeout: 20_000 });
  await microphone.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('region', { name: 'Start' }).getByRole('button', { name: 'Start' }).click();

  await expect(page).toHaveURL(/PTE-MockExam\?id=/);
  const paperId = new URL(page.url()).searchParams.get('id')!;
  const timer = page.getByRole('timer', { name: 'Time Remaining', exact: true });
  const ended = page.getByRole('region', { name: 'Test Complete' });
  let hasReloaded = false;

  for (let step = 0; step < 40; step += 1) {
    const main = page.getByRole('region', { name: /^Question \d+$/ });
    await expect(main.or(ended)).toBeVisible({ timeout: 60_000 });
    if (await ended.isVisible()) break;
    const label = await main.getAttribute('aria-label');
    const partBar = await page.getByText(/· Question \d+ of \d+/).textContent();
    // Progress in the run's output: a stuck item is then named.
    console.log(`mock-exam: ${partBar}`);

    if (!hasReloaded && partBar?.includes('Reading')) {
      // Reload in the reading section: the same item, the same time left (the server's clock).
      hasReloaded = true;
      const before = await timerSeconds(timer);
      const at = Date.now();
      await page.reload();
      await page
        .getByRole('region', { name: 'Resume' })
        .getByRole('button', { name: 'Continue' })
        .click();
      await expect(page.getByRole('region', { name: /^Question \d+$/ })).toHaveAttribute(
        'aria-label',
        label!,
      );
      const after = await timerSeconds(timer);
      const expected = before - (Date.now() - at) / 1000;
      expect(Math.abs(after - expected)).toBeLessThanOrEqual(2);
    }

    await answerAndNext(page, page.getByRole('region', { name: /^Question \d+$/ }));
    await expect(page.getByRole('region', { name: label!, exact: true })).toHaveCount(0, {
      timeout: 60_000,
    });
  }
  expect(hasReloaded).toBe(true);
  await expect(ended).toBeVisible();

  // The report: scoring, then the bands; an item's analysis.
  await ended.getByRole('link', { name: '查看成绩报告' }).click();
  await expect(page).toHaveURL(new RegExp(`/mock/report/${paperId}$`));
  const bands = page.getByRole('region', { name: '总分与单项' });
  await expect(bands).toBeVisible({ timeout: 180_000 });
  await expect(bands.getByRole('img', { name: /^总分：/ })).toBeVisible();
  await expect(bands.getByText('练习估分', { exact: false }).first()).toBeVisible();
  await page
    .getByRole('region', { name: '逐题' })
    .getByRole('link', { name: '解析' })
    .nth(1)
    .click();
  await expect(page).toHaveURL(new RegExp(`/mock/Mock-Analysis/${paperId}/1$`));
  await expect(
    page
      .getByRole('region', { name: '评分结果' })
      .or(page.getByRole('region', { name: '答案与解析' })),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: '下一题' }).first()).toBeVisible();

  // Public: signed out, the report shows the scores and no audio; the H5 transcript fits 375 px.
  const visitor = await browser.newContext({ viewport: { width: 375, height: 800 } });
  const stranger = await visitor.newPage();
  await stranger.goto(`/mock/report/${paperId}`);
  await expect(stranger.getByRole('region', { name: '总分与单项' })).toBeVisible();
  await expect(stranger.locator('audio')).toHaveCount(0);
  await stranger.goto(`/H5/report/${paperId}`);
  await expect(stranger.getByRole('region', { name: '总分与单项' })).toBeVisible();
  await expect(stranger.locator('audio')).toHaveCount(0);
  const width = await stranger.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
  await visitor.close();
});
