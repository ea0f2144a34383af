import { sharedLanguageTools } from '@ninety/scoring/language-tools';
import type { FastifyBaseLogger } from 'fastify';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import { ConsoleSmsSender } from './adapters/sms/console-sms-sender';
import type { SmsSender } from './adapters/sms/sms-sender';
import { lazySpeechEngine } from './adapters/speech/engine';
import { SpeechWorkerPool } from './adapters/speech/speech-worker-pool';
import { LocalDiskStorage } from './adapters/storage/local-disk-storage';
import { MEDIA_PATH } from './adapters/storage/media-keys';
import { LocalWechatProvider } from './adapters/wechat/local-wechat-provider';
import type { OfficialAccountProvider } from './adapters/wechat/official-account-provider';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { InFlightCounter } from './lib/in-flight-counter';
import { recordingLinks } from './lib/recording-links';
import { RECORDINGS_IN_FLIGHT_PER_USER } from './modules/attempts/attempts.service';
import { speechRecordingScorer, type RecordingScorer } from './modules/attempts/recording-scorer';
import { lazyDictionary } from './modules/dictionary/dictionary.service';

export interface BuildContextOptions {
  clock: Clock;
  /** Scores spoken attempts instead of the speech engine (tests of the attempt rules). */
  recordings?: RecordingScorer | undefined;
}

function required(value: string | undefined): string {
  // config.ts has already refused a configuration without these.
  if (!value) throw new Error('missing required configuration');
  return value;
}

/**
 * Builds the app context once per app: picks each outside service's implementation from
 * configuration (local by default) and gathers what the modules are given.
 */
export async function buildAppContext(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  { clock, recordings }: BuildContextOptions,
): Promise<AppContext> {
  let sender: SmsSender;
  let smsOutbox: ConsoleSmsSender | null = null;
  if (config.SMS_PROVIDER === 'tencent') {
    // Loaded only when configured: the SDK is the heaviest import of the server.
    const { TencentSmsSender } = await import('./adapters/sms/tencent-sms-sender');
    sender = new TencentSmsSender({
      secretId: required(config.TENCENT_SMS_SECRET_ID),
      secretKey: required(config.TENCENT_SMS_SECRET_KEY),
      region: config.TENCENT_SMS_REGION,
      sdkAppId: required(config.TENCENT_SMS_SDK_APP_ID),
      signName: required(config.TENCENT_SMS_SIGN_NAME),
      templateId: required(config.TENCENT_SMS_TEMPLATE_ID),
    });
  } else {
    const consoleSender = new ConsoleSmsSender(log);
    sender = consoleSender;
    if (config.NODE_ENV !== 'production') smsOutbox = consoleSender;
  }

  let officialAccount: OfficialAccountProvider | null = null;
  if (config.WECHAT_PROVIDER === 'official') {
    const { OfficialAccountProvider } = await import('./adapters/wechat/official-account-provider');
    officialAccount = new OfficialAccountProvider({
      appId: required(config.WECHAT_APP_ID),
      appSecret: required(config.WECHAT_APP_SECRET),
      pushToken: required(config.WECHAT_PUSH_TOKEN),
    });
  }

  const teacherQr =
    config.TEACHER_QR_URL ??
    `data:image/svg+xml;base64,${Buffer.from(
      await QRCode.toString(`添加老师微信：${config.TEACHER_WX}`, { type: 'svg', margin: 1 }),
    ).toString('base64')}`;

  // The only provider so far; the S3-compatible adapter arrives with learners' uploads.
  const storageRoot = path.resolve(config.STORAGE_DIR);
  await mkdir(storageRoot, { recursive: true });
  const storage = new LocalDiskStorage(storageRoot, MEDIA_PATH);

  const speech = lazySpeechEngine(
    () =>
      new SpeechWorkerPool({
        workers: config.SPEECH_WORKERS,
        jobTimeoutMs: config.SPEECH_JOB_TIMEOUT_MS,
        recycleAfterJobs: config.SPEECH_RECYCLE_AFTER_JOBS,
        maxWorkerMb: config.SPEECH_MAX_WORKER_MB,
        maxQueued: config.SPEECH_MAX_QUEUED,
      }),
  );

  return {
    config,
    log,
    database,
    db: database.db,
    clock,
    startedAt: Date.now(),
    timeZone: config.TIME_ZONE,
    storage,
    quota: {
      allowance: config.NON_MEMBER_ENERGY,
      reset: config.ENERGY_RESET,
      timeZone: config.TIME_ZONE,
    },
    sms: {
      db: database.db,
      clock,
      sender,
      secret: config.AUTH_SECRET,
      ipHourlyLimit: config.SMS_IP_HOURLY_LIMIT,
    },
    smsOutbox,
    wechat: officialAccount ?? new LocalWechatProvider(config.PUBLIC_BASE_URL),
    officialAccount,
    teacher: { qrCode: teacherQr, type: 1, wx: config.TEACHER_WX, wxImgQr: teacherQr },
    recordingLinks: recordingLinks(config.AUTH_SECRET, clock),
    speech,
    recordings: recordings ?? speechRecordingScorer(speech),
    recordingsInFlight: new InFlightCounter(RECORDINGS_IN_FLIGHT_PER_USER),
    languageTools: sharedLanguageTools,
    // The dictionaries take about a second to load: on the first look-up, not at start.
    dictionary: lazyDictionary(undefined, (stats) => log.info(stats, 'dictionaries loaded')),
  };
}
