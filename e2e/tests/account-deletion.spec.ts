import { readFile } from 'node:fs/promises';
import { AccountExportSchema } from '@ninety/contract';
import { expect, test } from '@playwright/test';
import { readCode, signInByApi, uniquePhone } from './accounts-api';
import { useToken } from './fixtures';

/**
 * 我的数据: a learner downloads their data, deletes their account with a code sent to their phone,
 * is signed out, and signing in again with that phone starts a new, empty account.
 */
test('a learner exports their data, deletes the account and starts over empty', async ({
  page,
  request,
}) => {
  // The code for the deletion may only be sent a minute after the sign-in's code (SMS_RESEND_SECONDS).
  test.setTimeout(180_000);
  const phone = uniquePhone();
  const token = await signInByApi(request, phone);
  const headers = { token };
  const oldUser = (await (await request.get('/api/auth/getUser', { headers })).json()).data;
  expect((await request.post('/api/words/add', { headers, data: { word: 'study' } })).ok()).toBe(
    true,
  );
  expect(
    (
      await request.post('/api/user/saveOrUpdateSetting', { headers, data: { playbackRate: 1.2 } })
    ).ok(),
  ).toBe(true);

  await useToken(page, token);
  await page.goto('/center');
  const myData = page.getByRole('region', { name: '我的数据' });

  // 导出我的数据: a download holding this learner's data.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    myData.getByRole('button', { name: '导出我的数据' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^ninety-data-\d{4}-\d{2}-\d{2}\.json$/);
  const file = AccountExportSchema.parse(
    JSON.parse(await readFile((await download.path())!, 'utf8')),
  );
  expect(file.profile.userCode).toBe(oldUser.userCode);
  expect(file.profile.phone).toBe(`${phone.slice(0, 3)}****${phone.slice(-4)}`);
  expect(file.words.map((entry) => entry.word)).toEqual(['study']);
  expect(file.settings).toMatchObject({ playbackRate: 1.2 });
  expect(file.sessions.length).toBeGreaterThan(0);

  // 注销账号: explained, confirmed with the code sent to the phone.
  await myData.getByRole('button', { name: '注销账号' }).click();
  const dialog = page.getByRole('dialog', { name: '注销账号' });
  await expect(dialog.getByText('注销后无法恢复')).toBeVisible();
  // Until a minute has passed since the sign-in's code the server answers 发送太频繁; ask again.
  await expect(async () => {
    await dialog.getByRole('button', { name: /发送验证码|重新发送/ }).click();
    await expect(dialog.getByText(/验证码已发送至/)).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 120_000, intervals: [20_000] });
  const code = await readCode(request, phone);
  await dialog.getByLabel('验证码').fill(code);
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: '确认注销' }).click();

  // Signed out, on the home page, told what happened.
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('账号已注销')).toBeVisible();
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  const ended = await request.get('/api/auth/getUser', { headers });
  expect(ended.status()).toBe(401);

  // The same phone signs in to a new account with nothing in it.
  const fresh = { token: await signInByApi(request, phone) };
  const newUser = (await (await request.get('/api/auth/getUser', { headers: fresh })).json()).data;
  expect(newUser.userCode).not.toBe(oldUser.userCode);
  const words = await (await request.get('/api/words/list', { headers: fresh })).json();
  expect(words.data.total).toBe(0);
  const settings = await (
    await request.get('/api/user/querySettingImage', { headers: fresh })
  ).json();
  expect(settings.data).toMatchObject({ playbackRate: 1, updatedAt: null });
});
