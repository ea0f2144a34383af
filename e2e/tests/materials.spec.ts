import { readFile } from 'node:fs/promises';
import type { UserInfo } from '@ninety/contract';
import { drawsText } from '../../apps/server/test/pdf-text';
import { readCode, uniquePhone } from './accounts-api';
import { watchConsole } from './console-guard';
import { agree } from './login-dialog';
import { expect, test } from './fixtures';

/**
 * 资料 (issue 21) on the real server: a signed-out visitor browses the catalogue, a topic and its
 * free sample; buying asks them to sign in and brings them back to the purchase page; they pay
 * with the sandbox provider in its own window; the page then offers the downloads, and the file
 * saved is a PDF stamped with the buyer's id (the server's watermark, in a page's content stream).
 */

test.describe.configure({ timeout: 120_000 });

test('browse signed out, sign in to buy, pay in the sandbox, download a PDF stamped with my id', async ({
  page,
  request,
}) => {
  const problems = watchConsole(page);
  await page.goto('/material');
  await expect(page).toHaveURL((url) => url.pathname === '/material/index');
  const topics = page.getByRole('region', { name: /专题/ });
  await expect(topics.getByRole('link', { name: /DI 图表精讲/ })).toBeVisible();
  await expect(page.getByRole('region', { name: /资料包/ }).getByRole('link')).toHaveCount(3);

  await topics.getByRole('link', { name: /DI 图表精讲/ }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/material/SpecialTopic/1');
  await expect(page).toHaveTitle('专题详情 - Ninety PTE');
  await expect(page.getByText('¥19.90', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: '你将获得' })).toBeVisible();
  // The free sample is a PDF anyone may open.
  const sampleHref = await page.getByRole('link', { name: /免费看样张/ }).getAttribute('href');
  const sample = await request.get(sampleHref!);
  expect(sample.headers()['content-type']).toBe('application/pdf');
  expect((await sample.body()).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: '立即购买' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/material/purchase/1');
  await page.getByRole('button', { name: '登录后购买' }).click();
  const dialog = page.getByRole('dialog', { name: '手机验证码登录' });
  const phone = uniquePhone();
  await dialog.getByPlaceholder('请输入手机号').fill(phone);
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await dialog.getByPlaceholder('请输入验证码').fill(await readCode(request, phone));
  await agree(dialog);
  await dialog.getByRole('button', { name: '登录/注册' }).click();
  // Signing in comes back to the purchase page, which now offers to pay.
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL((url) => url.pathname === '/material/purchase/1');
  const pay = page.getByRole('button', { name: '立即支付 ¥19.90' });
  await expect(pay).toBeVisible();
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  expect(token).toBeTruthy();

  // The payment opens in its own window: the sandbox provider's page, paid; the window closes
  // itself once the order is fulfilled and tells this page, which then offers the downloads.
  const opening = page.waitForEvent('popup');
  await pay.click();
  const payment = await opening;
  await payment.getByRole('button', { name: /^去支付/ }).click();
  await payment.getByRole('button', { name: '确认支付' }).click();
  await payment.waitForEvent('close', { timeout: 60_000 });

  const downloads = page.getByRole('list', { name: '下载' });
  await expect(downloads).toBeVisible({ timeout: 30_000 });
  const saving = page.waitForEvent('download');
  await downloads.getByRole('button', { name: '下载 DI 图表精讲' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe('DI 图表精讲.pdf');
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  const user = await request.get('/api/auth/getUser', { headers: { token: token! } });
  const { userCode } = ((await user.json()) as { data: UserInfo }).data;
  expect(drawsText(pdf, `Ninety PTE · ${userCode}`)).toBe(true);

  // A buyer's topic page offers the same downloads and its items to practise.
  await page.goto('/material/SpecialTopic/1');
  await expect(page.getByRole('list', { name: '下载' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'How students spend their week' })).toHaveAttribute(
    'href',
    '/exp/DI/di-0001',
  );
  // What the topic includes is practised without spending uses, and the page says so.
  await page.getByRole('link', { name: 'How students spend their week' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/exp/DI/di-0001');
  await expect(page.getByText('已购资料包含本题，练习不消耗次数')).toBeVisible({ timeout: 30_000 });
  expect(problems()).toEqual([]);
});
