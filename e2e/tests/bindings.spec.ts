import { readCode, signInByApi, uniquePhone } from './accounts-api';
import type { Locator } from '@playwright/test';
import { expect, test, useToken } from './fixtures';

/**
 * 个人中心 · 登录方式 against the real server: the phone is changed with a code to the current
 * number and one to the new number (another device of the account is signed out, this one stays,
 * and the new number signs the account in); WeChat is bound by scanning with the local simulator
 * and unbound; a number of another account is refused with the server's message.
 */

/**
 * Sends a code from the dialog's button. The sign-in a moment ago sent this number a code, so the
 * server refuses another for up to 60 s (spec §9): ask again until it is sent, every 15 s (the
 * route allows 5 asks a minute).
 */
async function sendCode(dialog: Locator) {
  await expect
    .poll(
      async () => {
        const waiting = dialog.getByRole('button', { name: /秒后重发/ });
        if ((await waiting.count()) > 0) return true;
        // (isEnabled would wait for a button that the countdown has renamed.)
        await dialog.getByRole('button', { name: /^(发送验证码|重新发送)$/ }).click();
        return (await waiting.count()) > 0;
      },
      { timeout: 150_000, intervals: [15_000] },
    )
    .toBe(true);
}

const masked = (phone: string) => `+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`;

test.describe.configure({ timeout: 360_000 });

test('the phone is changed with codes to the old and the new number; other devices are signed out', async ({
  page,
  request,
}) => {
  const phone = uniquePhone();
  const next = uniquePhone();
  const token = await signInByApi(request, phone);
  // Another device of the same account (the app, by the session's mobileToken), which the change
  // signs out.
  const me = await (await request.get('/api/auth/getUser', { headers: { token } })).json();
  const exchanged = await request.post('/api/auth/getTokenByMobileToken', {
    headers: { mobileToken: me.data.mobileToken.token, clientType: 'app' },
  });
  const appToken = (await exchanged.json()).data.token as string;
  await useToken(page, token);
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '登录方式' });
  await expect(panel.getByRole('listitem', { name: '手机号' })).toContainText(masked(phone));
  await panel.getByRole('button', { name: '更换' }).click();

  const dialog = page.getByRole('dialog', { name: '更换手机号' });
  await sendCode(dialog);
  await dialog.getByLabel('当前手机号验证码').fill(await readCode(request, phone));
  await dialog.getByRole('button', { name: '下一步' }).click();

  await dialog.getByLabel('新手机号', { exact: true }).fill(next);
  await sendCode(dialog);
  await dialog.getByLabel('新手机号验证码').fill(await readCode(request, next));
  await dialog.getByRole('button', { name: '确认更换' }).click();

  await expect(page.getByText('手机号已更换，其他 1 台设备已退出登录')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(panel.getByRole('listitem', { name: '手机号' })).toContainText(masked(next));
  await expect(page.getByRole('region', { name: '账户' })).toContainText(masked(next));
  const appNow = await request.get('/api/auth/getUser', { headers: { token: appToken } });
  expect((await appNow.json()).code).toBe(100017);
  // This device stays signed in after a reload.
  await page.reload();
  await expect(
    page.getByRole('region', { name: '登录方式' }).getByRole('listitem', { name: '手机号' }),
  ).toContainText(masked(next));
});

test('a number that signs another account in is refused', async ({ page, request }) => {
  const phone = uniquePhone();
  const taken = uniquePhone();
  await signInByApi(request, taken);
  await useToken(page, await signInByApi(request, phone));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '登录方式' });
  await panel.getByRole('button', { name: '更换' }).click();
  const dialog = page.getByRole('dialog', { name: '更换手机号' });
  await sendCode(dialog);
  await dialog.getByLabel('当前手机号验证码').fill(await readCode(request, phone));
  await dialog.getByRole('button', { name: '下一步' }).click();
  await dialog.getByLabel('新手机号', { exact: true }).fill(taken);
  await sendCode(dialog);
  await dialog.getByLabel('新手机号验证码').fill(await readCode(request, taken));
  await dialog.getByRole('button', { name: '确认更换' }).click();
  await expect(page.getByText('该手机号已绑定其他账号')).toBeVisible();
  await expect(panel.getByRole('listitem', { name: '手机号' })).toContainText(masked(phone));
});

test('WeChat is bound by a scan with the simulator, and unbound', async ({
  page,
  browser,
  request,
}) => {
  await useToken(page, await signInByApi(request, uniquePhone()));
  await page.goto('/center');
  const panel = page.getByRole('region', { name: '登录方式' });
  const wechat = panel.getByRole('listitem', { name: '微信' });
  await expect(wechat).toContainText('未绑定');
  await wechat.getByRole('button', { name: '绑定' }).click();
  const dialog = page.getByRole('dialog', { name: '绑定微信' });
  const qr = dialog.getByRole('img', { name: '绑定微信二维码' });
  await expect(qr).toBeVisible();
  const sceneId = await qr.getAttribute('data-scene-id');
  expect(sceneId).toMatch(/^[0-9a-f]{24}$/);

  const phoneContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const phonePage = await phoneContext.newPage();
  await phonePage.goto(`/m/wechat-scan?sceneId=${sceneId}`);
  await phonePage.getByLabel('昵称').fill('微信小九');
  await phonePage.getByRole('button', { name: '以新身份扫码' }).click();
  await expect(phonePage.getByText('扫码成功，请回到电脑上继续')).toBeVisible();
  await phoneContext.close();

  await expect(dialog).toBeHidden();
  await expect(wechat).toContainText('已绑定：微信小九');
  await wechat.getByRole('button', { name: '解绑' }).click();
  await page.getByRole('button', { name: '确定解绑' }).click();
  await expect(wechat).toContainText('未绑定');
});
