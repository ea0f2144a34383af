import { readCode, signInByApi, uniquePhone } from './accounts-api';
import { watchConsole } from './console-guard';
import type { Page } from '@playwright/test';
import { agree } from './login-dialog';
import { expect, test, useToken } from './fixtures';

/** The header's account button of a signed-in learner shows the nickname 用户 + last 4 digits. */
const accountButton = (page: Page, phone: string) =>
  page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('button', { name: new RegExp(`用户${phone.slice(-4)}`) });

async function openLoginDialog(page: Page) {
  await page
    .getByRole('navigation', { name: '主导航' })
    .getByRole('button', { name: '登录/注册' })
    .click();
  const dialog = page.getByRole('dialog', { name: '手机验证码登录' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('sign-in journeys (spec §2, §4)', () => {
  test('SMS sign-in through the dialog registers the learner', async ({ page, request }) => {
    const problems = watchConsole(page);
    const phone = uniquePhone();
    await page.goto('/');
    const dialog = await openLoginDialog(page);

    await dialog.getByPlaceholder('请输入手机号').fill(phone);
    await dialog.getByRole('button', { name: '获取验证码' }).click();
    await expect(dialog.getByRole('button', { name: /\d+秒后重试/ })).toBeDisabled();
    await dialog.getByPlaceholder('请输入验证码').fill(await readCode(request, phone));

    await dialog.getByRole('button', { name: '登录/注册' }).click();
    await expect(page.getByText('请阅读并同意用户协议')).toBeVisible();
    await agree(dialog);
    await dialog.getByRole('button', { name: '登录/注册' }).click();

    await expect(accountButton(page, phone)).toBeVisible();
    await expect(accountButton(page, phone)).toContainText('剩余 10 次');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toMatch(/^[\w-]{43}$/);
    expect(problems()).toEqual([]);
  });

  test('a gated link opens the login dialog after 500 ms and stays home', async ({ page }) => {
    await page.goto('/');
    await page
      .getByRole('navigation', { name: '主导航' })
      .getByRole('link', { name: '学习中心' })
      .click();
    await expect(page.getByRole('dialog', { name: '手机验证码登录' })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe('/');
  });

  test('app-mode QR: a phone signed in on the H5 page confirms the desktop', async ({
    page,
    browser,
    request,
  }) => {
    const phone = uniquePhone();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await agree(dialog);
    await dialog.getByRole('button', { name: '扫码登录' }).click();
    await dialog.getByText('App 扫码').click();
    const uuid = await dialog.locator('[data-login-code]').getAttribute('data-login-code');
    expect(uuid).toMatch(/^[0-9a-f-]{36}$/);

    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const phonePage = await phoneContext.newPage();
    await useToken(phonePage, await signInByApi(request, phone, 'h5'));
    await phonePage.goto(`/m/qr-confirm?uuid=${uuid}`);
    await expect(phonePage.getByRole('heading', { name: '登录 Ninety 网页版' })).toBeVisible();
    await expect(dialog.getByRole('status')).toContainText('已扫码');
    await phonePage.getByRole('button', { name: '确认登录' }).click();
    await expect(phonePage.getByRole('heading', { name: '已确认登录' })).toBeVisible();

    await expect(accountButton(page, phone)).toBeVisible();
    // The phone keeps its own session.
    await phonePage.reload();
    await expect(phonePage.getByRole('heading', { name: '电脑端已登录' })).toBeVisible();
    await phoneContext.close();
  });

  test('WeChat simulator: a new WeChat user binds a phone and is signed in', async ({
    page,
    browser,
    request,
  }) => {
    const phone = uniquePhone();
    await page.goto('/');
    const dialog = await openLoginDialog(page);
    await agree(dialog);
    await dialog.getByRole('button', { name: '扫码登录' }).click();
    const sceneId = await dialog.locator('[data-scene-id]').getAttribute('data-scene-id');
    expect(sceneId).toMatch(/^[0-9a-f]{24}$/);
    await expect(dialog.getByRole('img', { name: '微信扫码登录二维码' })).toBeVisible();

    const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
    const phonePage = await phoneContext.newPage();
    await phonePage.goto(`/m/wechat-scan?sceneId=${sceneId}`);
    await phonePage.getByLabel('昵称').fill('微信小九');
    await phonePage.getByRole('button', { name: '以新身份扫码' }).click();
    await expect(phonePage.getByText('扫码成功，请回到电脑上继续')).toBeVisible();
    await phoneContext.close();

    const binding = page.getByRole('dialog', { name: '绑定手机号' });
    await expect(binding).toBeVisible();
    await binding.getByPlaceholder('请输入手机号').fill(phone);
    await binding.getByRole('button', { name: '获取验证码' }).click();
    await binding.getByPlaceholder('请输入验证码').fill(await readCode(request, phone));
    await binding.getByRole('button', { name: '绑定并登录' }).click();

    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: /微信小九/ }),
    ).toBeVisible();
  });

  test('a mobileToken query signs in and is removed from the address', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const appToken = await signInByApi(request, phone, 'app');
    const me = await (
      await request.get('/api/auth/getUser', { headers: { token: appToken } })
    ).json();
    await page.goto(`/data?mobileToken=${me.data.mobileToken.token}&from=app`);
    await expect(page).toHaveURL((url) => url.pathname === '/data' && url.search === '?from=app');
    await expect(page).toHaveTitle('学习中心 - Ninety PTE');
    await expect(accountButton(page, phone)).toBeVisible();
  });

  test('a token query on home is stored and home reloads without it', async ({ page, request }) => {
    const phone = uniquePhone();
    const token = await signInByApi(request, phone);
    await page.goto(`/?token=${token}`);
    await expect(page).toHaveURL((url) => url.pathname === '/' && url.search === '');
    await expect(accountButton(page, phone)).toBeVisible();
  });

  test('a used mobileToken opens the login dialog instead', async ({ page, request }) => {
    const appToken = await signInByApi(request, uniquePhone(), 'app');
    const me = await (
      await request.get('/api/auth/getUser', { headers: { token: appToken } })
    ).json();
    await request.post('/api/auth/getTokenByMobileToken', {
      headers: { mobileToken: me.data.mobileToken.token },
    });
    await page.goto(`/?mobileToken=${me.data.mobileToken.token}`);
    await expect(page.getByRole('dialog', { name: '手机验证码登录' })).toBeVisible();
    await expect(page).toHaveURL((url) => !url.search.includes('mobileToken'));
  });

  test('an ended session clears storage and reloads signed out', async ({ page, request }) => {
    const phone = uniquePhone();
    const token = await signInByApi(request, phone);
    await useToken(page, token);
    await page.goto('/');
    await expect(accountButton(page, phone)).toBeVisible();

    // Something stored during the session, then the session ends elsewhere (here: signed out
    // through the API with the same token). The page finds out from whichever call with the
    // ended token comes first: one of home's own, still on their way, or getUser after the
    // reload. Stored after the logout, the key could land after the page had already cleared.
    await page.evaluate(() => localStorage.setItem('keep-me', 'no'));
    await request.post('/api/auth/logout', { headers: { token } });
    await page.reload();

    await expect(
      page.getByRole('navigation', { name: '主导航' }).getByRole('button', { name: '登录/注册' }),
    ).toBeVisible({ timeout: 10_000 });
    // Nothing from before the reload is left. The signed-out page may since have saved the day's
    // location check (spec §3 "Saved location"), which belongs to this browser, not the session.
    expect(
      await page.evaluate(() => Object.keys(localStorage).filter((key) => key !== 'location')),
    ).toEqual([]);
  });
});
