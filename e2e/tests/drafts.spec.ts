import type { Locator } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';
import { expect, test, useToken } from './fixtures';

/**
 * A learner's unsent answer survives a reload: the text (or the choice) comes back and the
 * writing timer goes on from the time already spent instead of starting again. Time is
 * Playwright's clock, so a minute passes without waiting for one.
 */

/** Seconds left on the writing timer ("Time Remaining 08:55" → 535). */
async function secondsLeft(timer: Locator): Promise<number> {
  const [, minutes, seconds] = /(\d\d):(\d\d)/.exec((await timer.textContent()) ?? '') ?? [];
  return Number(minutes) * 60 + Number(seconds);
}

test('half an SWT answer and its remaining time are back after a reload; submitting clears them', async ({
  page,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.goto('/exp/SWT/swt-0001');
  const timer = page.getByRole('timer', { name: '剩余时间' });
  await expect(timer).toHaveText(/Time Remaining (10:00|09:\d\d)/);
  const box = page.getByRole('textbox', { name: '一句话总结' });
  const half = 'Cities are planting trees on their streets because shade';
  await box.fill(half);
  // A minute passes at once, and the page's clock then stands still.
  await page.clock.pauseAt(start + 60_000);
  await expect(timer).toHaveText(/Time Remaining 09:0\d/);
  const before = await secondsLeft(timer);

  // Time flows again (a paused page could not even load), from where it stood.
  await page.clock.resume();
  await page.reload();
  await expect(box).toHaveValue(half);
  await expect(page.getByRole('alert')).toContainText('已恢复你上次未提交的答案');
  // The minute already spent counts: the timer goes on from there, not from 10:00.
  const after = await secondsLeft(timer);
  expect(after).toBeLessThanOrEqual(before);
  expect(after).toBeGreaterThan(before - 5);

  await box.fill(`${half} and cool the air in summer.`);
  await page.getByRole('button', { name: /^提\s?交$/ }).click();
  await expect(page.getByRole('region', { name: '评分结果' })).toBeVisible();
  await page.reload();
  await expect(box).toHaveValue('');
  await expect(page.getByRole('alert')).toBeHidden();
  await expect(timer).toHaveText(/Time Remaining (10:00|09:5\d)/);
});

test('a chosen option survives a reload', async ({ page, request }) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/exp/RMCS/rmcs-0001');
  const option = page.locator('input[value="B"]');
  await option.check();
  await expect(option).toBeChecked();
  await page.reload();
  await expect(option).toBeChecked();
});
