import type { FastifyBaseLogger } from 'fastify';
import QRCode from 'qrcode';
import {
  LanguageWorkerPool,
  lazyLanguageWorkers,
  type LanguageWorkers,
} from './adapters/language/language-worker-pool';
import { LocalGeoIp } from './adapters/geoip/local-geo-ip';
import { ConsoleSmsSender } from './adapters/sms/console-sms-sender';
import type { SmsSender } from './adapters/sms/sms-sender';
import { PgBossQueue } from './adapters/queue/pg-boss-queue';
import { lazySpeechEngine } from './adapters/speech/engine';
import { SpeechWorkerPool } from './adapters/speech/speech-worker-pool';
import { createStorage } from './adapters/storage/create-storage';
import { LocalWechatProvider } from './adapters/wechat/local-wechat-provider';
import type { OfficialAccountProvider } from './adapters/wechat/official-account-provider';
import type { AppContext } from './app-context';
import type { Config } from './config';
import type { Database } from './db/client';
import type { Clock } from './lib/clock';
import { recordingLinks } from './lib/recording-links';
import { WarmUp } from './lib/warm-up';
import { speechRecordingScorer, type RecordingScorer } from './modules/attempts/recording-scorer';
import { scoringPolicies } from './modules/attempts/scoring-jobs';
import { lazyDictionary } from './modules/dictionary/dictionary.service';
import { createProductCatalogue } from './modules/orders/product-catalogue';

export interface BuildContextOptions {
  clock: Clock;
  /** Scores spoken attempts instead of the speech engine (tests of the attempt rules). */
  recordings?: RecordingScorer | undefined;
  /** The writing checker's workers (tests that hold the pool to watch it). */
  languageWorkers?: LanguageWorkers | undefined;
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
  { clock, recordings, languageWorkers: givenLanguageWorkers }: BuildContextOptions,
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

  const storage = await createStorage(config, clock);

  // Off the main thread, so a check can neither block requests nor poison the process's linter.
  const languageWorkers =
    givenLanguageWorkers ??
    lazyLanguageWorkers(
      () =>
        new LanguageWorkerPool({
          workers: config.LANGUAGE_WORKERS,
          checkTimeoutMs: config.LANGUAGE_CHECK_TIMEOUT_MS,
          checkTimeoutMsPer1000Chars: config.LANGUAGE_CHECK_TIMEOUT_MS_PER_1000_CHARS,
          recycleAfterChecks: config.LANGUAGE_RECYCLE_AFTER_CHECKS,
          maxWorkerMb: config.LANGUAGE_MAX_WORKER_MB,
          maxQueued: config.LANGUAGE_MAX_QUEUED,
        }),
    );

  const speech = lazySpeechEngine(
    () =>
      new SpeechWorkerPool({
        workers: config.SPEECH_WORKERS,
        jobTimeoutMs: config.SPEECH_JOB_TIMEOUT_MS,
        jobTimeoutMsPerAudioSecond: config.SPEECH_JOB_TIMEOUT_MS_PER_AUDIO_SECOND,
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
    queue: new PgBossQueue({
      connection: database.queue,
      pollingSeconds: config.QUEUE_POLL_SECONDS,
      maintenanceSeconds: config.QUEUE_MAINTENANCE_SECONDS,
      schedules: true,
      onError: (error) => log.error({ err: error }, 'job queue error'),
    }),
    scoring: {
      waitMs: config.SCORING_WAIT_MS,
      maxWaiting: config.SCORING_MAX_WAITING ?? 4 * config.SPEECH_WORKERS,
      policies: scoringPolicies(config.SCORING_JOB_EXPIRE_SECONDS),
    },
    languageTools: () => languageWorkers.tools(),
    languageWorkers,
    // The dictionaries take about a second to load: on the first look-up, not at start.
    dictionary: lazyDictionary(undefined, (stats) => log.info(stats, 'dictionaries loaded')),
    warmUp: new WarmUp(log),
    geoIp: new LocalGeoIp(),
    products: createProductCatalogue(),
  };
}
