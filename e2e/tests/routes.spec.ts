import { redirectSamples, routeSamples } from '../../apps/web/src/app/route-table';
import { hexToRgb, watchConsole } from './console-guard';
import { expect, test } from './fixtures';

test.describe('every route of the spec table', () => {
  for (const sample of routeSamples) {
    test(`${sample.url} opens with its title and background`, async ({ signedIn: page }) => {
      const problems = watchConsole(page);
      const response = await page.goto(sample.url);
      expect(response?.status()).toBe(200);
      // A page may name what it shows in front of the route's title (an exercise, a list).
      await expect(page).toHaveTitle(
        new RegExp(`(^| · )${sample.documentTitle.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
      );
      await expect(page.locator('h1').first()).toBeVisible();
      await expect(page.locator('body')).toHaveCSS('background-color', hexToRgb(sample.background));
      expect(problems()).toEqual([]);
    });
  }

  for (const sample of redirectSamples) {
    test(`${sample.from} redirects to ${sample.to}`, async ({ signedIn: page }) => {
      const problems = watchConsole(page);
      await page.goto(sample.from);
      await expect(page).toHaveURL((url) => url.pathname === sample.to);
      await expect(page).toHaveTitle(sample.documentTitle);
      expect(problems()).toEqual([]);
    });
  }

  test('an unknown path shows the 404 page, which leads home', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(page).toHaveTitle('页面不存在 - Ninety PTE');
    await expect(page.getByRole('heading', { name: '页面不存在' })).toBeVisible();
    await page.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page).toHaveTitle('首页 - Ninety PTE');
  });
});

test.describe('route gating, signed out (spec §4)', () => {
  for (const sample of routeSamples.filter((route) => !route.isPublic).slice(0, 6)) {
    test(`${sample.url} sends a signed-out visitor home and opens the login dialog`, async ({
      page,
    }) => {
      await page.goto(sample.url);
      await expect(page).toHaveURL((url) => url.pathname === '/');
      await expect(page.getByRole('dialog', { name: '手机验证码登录' })).toBeVisible();
    });
  }

  for (const sample of routeSamples.filter(
    (route) => route.isPublic && route.page !== 'not-found',
  )) {
    test(`${sample.url} is public`, async ({ page }) => {
      await page.goto(sample.url);
      await expect(page).toHaveTitle(sample.documentTitle);
      await expect(page.getByRole('dialog')).toHaveCount(0);
    });
  }
});
