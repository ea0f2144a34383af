import {
  test as base,
  request as playwrightRequest,
  type Page,
  type Request,
  type TestInfo,
} from '@playwright/test';
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
 * CI prints only the reporter's output: when a journey fails, the page's last API calls (with
 * their status and time), navigations, console errors and what was on screen say whether the
 * server, the network or the page was at fault.
 */
async function recordPageEvents(
  { page }: { page: Page },
  use: () => Promise<void>,
  testInfo: TestInfo,
): Promise<void> {
  const started = Date.now();
  const events: string[] = [];
  const note = (text: string) => {
    events.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
    if (events.length > 200) events.shift();
  };
  const sentAt = new Map<Request, number>();
  const isTraced = (request: Request) =>
    request.resourceType() === 'document' || new URL(request.url()).pathname.startsWith('/api/');
  page.on('request', (request) => {
    if (isTraced(request)) sentAt.set(request, Date.now());
  });
  // The response event hands its status at once: nothing is left to read once the page closes.
  page.on('response', (response) => {
    const request = response.request();
    const sent = sentAt.get(request);
    if (sent === undefined) return;
    sentAt.delete(request);
    note(`${request.method()} ${pathOf(request)} ${response.status()} in ${Date.now() - sent} ms`);
  });
  page.on('requestfailed', (request) => {
    sentAt.delete(request);
    if (isTraced(request))
      note(`${request.method()} ${pathOf(request)} failed: ${request.failure()?.errorText}`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      note(`console ${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => note(`page error: ${error.message}`));
  await use();
  if (testInfo.status === testInfo.expectedStatus) return;
  const now = Date.now();
  for (const [request, sent] of sentAt) {
    note(`${request.method()} ${pathOf(request)} unanswered after ${now - sent} ms`);
  }
  // Whether the server answers at all now (a stalled server and a lost click look alike).
  const probed = Date.now();
  const health = await page.request
    .get('/api/health', { timeout: 10_000 })
    .then((response) => `${response.status()}`)
    .catch((error: Error) => error.message.split('\n')[0]);
  note(`GET /api/health now: ${health} in ${Date.now() - probed} ms`);
  const screen = await page
    .locator('body')
    .ariaSnapshot({ timeout: 2_000 })
    .catch(() => '(the page could not be read)');
  console.log(
    [
      `--- ${testInfo.title}: the page's last events`,
      ...events.slice(-60),
      '--- on screen',
      screen.slice(0, 4_000),
    ].join('\n'),
  );
}

function pathOf(request: Request): string {
  const url = new URL(request.url());
  return url.pathname + url.search;
}

/**
 * `signedIn`: a page whose storage holds the token of a learner signed in once per worker
 * (each worker its own phone, so the one-web-session rule never ends another worker's session).
 */
export const test = base.extend<
  { signedIn: Page; failureDiagnostics: void },
  { workerToken: string }
>({
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
  failureDiagnostics: [recordPageEvents, { auto: true }],
});

export { expect } from '@playwright/test';
