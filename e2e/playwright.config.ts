import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { OPEN_ANSWER_MICROPHONE } from './support/open-answer-microphone';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// E2E_PORT lets two checkouts run their journeys side by side on one machine.
const port = Number(process.env.E2E_PORT ?? 4180);
// E2E_BUILD_DIR (made by scripts/build-to.sh) lets journeys run from their own build while another
// build is being written to dist/.
const buildDir = process.env.E2E_BUILD_DIR ?? 'dist';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];
// The speaking journeys' microphone: Chromium grants the permission and plays this file into
// getUserMedia once (%noloop), so the capture chain really hears speech, then silence.
const fakeMicrophone = path.join(root, 'e2e', 'fixtures', 'fake-mic.wav');
// The mock exam journey needs the microphone too (its check and the speaking items).
const SPEECH_SPECS = /(speech|mock-exam|listening)\.spec\.ts$/;
const OPEN_ANSWER_SPECS = /speech-open\.spec\.ts$/;
const fakeMicrophoneArgs = (file: string) => [
  ...chromiumArgs,
  '--use-fake-ui-for-media-stream',
  '--use-fake-device-for-media-stream',
  `--use-file-for-fake-audio-capture=${file}%noloop`,
];

/**
 * Runs against the production build served by the real server (PGlite in memory), in Debian's
 * Chromium: Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  // Two workers, Chromium and the server share CI's two cores: a lazily loaded page can take
  // longer than the default 5 s to replace the one before it.
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    locale: 'zh-CN',
    trace: 'off',
    launchOptions: { executablePath: '/usr/bin/chromium', args: chromiumArgs },
  },
  // Makes the open-answer microphone (espeak-ng, sox) before any browser opens it.
  globalSetup: './global-setup.ts',
  projects: [
    { name: 'chromium', testIgnore: [SPEECH_SPECS, OPEN_ANSWER_SPECS] },
    {
      name: 'fake-microphone',
      testMatch: SPEECH_SPECS,
      use: {
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: fakeMicrophoneArgs(fakeMicrophone),
        },
      },
    },
    {
      name: 'open-answer-microphone',
      testMatch: OPEN_ANSWER_SPECS,
      use: {
        launchOptions: {
          executablePath: '/usr/bin/chromium',
          args: fakeMicrophoneArgs(OPEN_ANSWER_MICROPHONE),
        },
      },
    },
  ],
  webServer: {
    // The production bundle that `npm start` serves (test:e2e builds it first).
    command: `node apps/server/${buildDir}/server.mjs`,
    cwd: root,
    url: `http://127.0.0.1:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      WEB_DIST_DIR: path.join(root, 'apps/web', buildDir),
      HOST: '127.0.0.1',
      DATABASE_URL: 'pglite://memory',
      // The bank is imported at start, as `npm start` does; its media go to a scratch directory.
      STORAGE_DIR: path.join(os.tmpdir(), `ninety-e2e-storage-${port}`),
      LOG_LEVEL: 'warn',
      // Every journey signs in from 127.0.0.1; the per-IP code limits are tested in the server suite.
      SMS_IP_MINUTE_LIMIT: '1000',
      SIGN_IN_IP_MINUTE_LIMIT: '1000',
      RATE_LIMIT_MAX: '100000',
      SMS_IP_HOURLY_LIMIT: '1000',
      // The mock-exam journeys sit the short test paper with one item of every type.
      MOCK_TEST_BLUEPRINTS: 'true',
      // The location check (profile.spec.ts): 127.0.0.1 is the main site and answers as a mainland
      // address, so no journey is offered the other site; localhost is the international site.
      SITE_MAIN_URLS: `http://127.0.0.1:${port}`,
      SITE_INTERNATIONAL_URLS: `http://localhost:${port}`,
      GEOIP_FIXED_ADDRESSES: '127.0.0.1=156',
      ICP_LICENSE: '京ICP备00000000号-1',
      PUBLIC_SECURITY_FILING: '京公网安备 11000000000000号',
      // The teaching-site link (spec-conformance.spec.ts): shown only when configured.
      TEACHING_SITE_URL: 'https://teach.example.com/',
    },
  },
});
