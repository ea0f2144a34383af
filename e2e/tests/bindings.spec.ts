import { readCode, signInByApi, uniquePhone } from './accounts-api';
import type { Locator } from '@playwright/test';
import { expect, test, useToken } from './fixtures';

/**
 * 个人中心 · 登录方式 against the real server: the phone is changed with a code to the current
 * number and one to the new number (another device of the account is signed out, this one stays,
 * and the new number signs the account in); a number of another account is refused with the
 * server's message; WeChat is bound by scanning with the local simulator and unbound.
 */

/**
 * Sends a code from the dialog's send button (step 1's or step 2's; one is shown at a time). The
 * sign-in a moment ago sent the current number a code, so the dialog counts down the server's 60 s
 * rule (spec §9) on the button: wait for the button to be enabled, then click once. A code went
 * out when the countdown restarts with no error in the dialog (a refused send says why there).
 */
async function sendCode(dialog: Locator) {
  const send = dialog.getByRole('button', { name: /^(发送验证码|重新发送)$/ });
  // The rule's 60 s from the sign-in's code, and the page's time to open the dialog.
  await expect(send).toBeEnabled({ timeout: 100_000 });
  await send.click();
  await expect(dialog.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
  await expect(dialog.getByRole('alert')).toHaveCount(0);
}

const masked = (phone: string) => `+86 ${phone.slice(0, 3)}****${phone.slice(-4)}`;

test.describe('the phone change', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the phone is changed with codes to the old and the new number; other devices are signed out', async ({
    page,
    request,
  }) => {
    const phone = uniquePhone();
    const next = uniquePhone();
    const token = await signInByApi(request, phone);
    // Another device of the same account (the app, by the session's mobileToken), which the
    // change signs out.
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
    // The sign-in's code is seconds old: the dialog shows the wait instead of offering a send.
    await expect(dialog.getByRole('button', { name: /\d+ 秒后重发/ })).toBeDisabled();
    await sendCode(dialog);
    await expect(dialog.getByText('验证码已发送，5 分钟内有效。')).toBeVisible();
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
    // Signed in before `phone`, so its own 60 s have passed when `phone`'s have.
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
    // Said in the dialog, which stays open on the new number's step.
    await expect(dialog.getByRole('alert')).toHaveText('该手机号已绑定其他账号');
    await expect(panel.getByRole('listitem', { name: '手机号' })).toContainText(masked(phone));
  });
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
