import { test as base, request as playwrightRequest, type Page } from '@playwright/test';
import { signInByApi, uniquePhone } from './accounts-api';

/**
 * Puts a session token in the page's storage before its scripts run, once per tab: a page that
 * later clears its storage (an ended session) must not get the token back on reload.
 */
export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => {
    if (window.sessionStorage.getItem('e2e-token-given')) return;
    window.sessionStorage.setItem('e2e-token-given', '1');
    window.localStorage.setItem('token', value);
  }, token);
}

/**
 * `signedIn`: a page whose storage holds the token of a learner signed in once per worker
 * (each worker its own phone, so the one-web-session rule never ends another worker's session).
 */
export const test = base.extend<{ signedIn: Page }, { workerToken: string }>({
  workerToken: [
    // Playwright requires the fixtures argument to be destructured, even when nothing is used.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      const request = await playwrightRequest.newContext({
        baseURL: workerInfo.project.use.baseURL ?? undefined,
      });
      const token = await signInByApi(request, uniquePhone());
      await request.dispose();
      await use(token);
    },
    { scope: 'worker' },
  ],
  signedIn: async ({ page, workerToken }, use) => {
    await useToken(page, workerToken);
    await use(page);
  },
});

export { expect } from '@playwright/test';
