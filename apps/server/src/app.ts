import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from './config';
import { openDatabase, type Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { importBankIfEmpty } from './content/import-bank';
import { loadPronunciationWords } from './content/pronunciation-dictionary';
import { authRoutes } from './modules/auth/auth.routes';
import { dictionaryRoutes } from './modules/dictionary/dictionary.routes';
import { lazyDictionary } from './modules/dictionary/english-dictionary';
import { clientErrorRoutes } from './modules/client-errors/client-errors.routes';
import { healthRoutes } from './modules/health/health.routes';
import { attemptsRoutes } from './modules/attempts/attempts.routes';
import { commentsRoutes } from './modules/comments/comments.routes';
import { favoritesRoutes } from './modules/favorites/favorites.routes';
import { itemsRoutes } from './modules/items/items.routes';
import { qrLoginRoutes } from './modules/qr-login/qr-login.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { messageRoutes } from './modules/sms/message.routes';
import { studyRoutes } from './modules/study/study.routes';
import { usersRoutes } from './modules/users/users.routes';
import { wordsRoutes } from './modules/words/words.routes';
import { voiceRoutes } from './modules/voice/voice.routes';
import {
  wechatPushRoutes,
  wechatRoutes,
  wechatSimulatorRoutes,
} from './modules/wechat/wechat.routes';
import { registerErrorHandling } from './plugins/error-handler';
import { registerMedia } from './plugins/media';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerWeb } from './plugins/web';
import { buildServices } from './services';
import { speechRecordingScorer } from './modules/attempts/recording-scorer';
import { voiceAttemptsRoutes } from './modules/attempts/voice-attempts.routes';
import {
  RECORDINGS_IN_FLIGHT_PER_USER,
  type AttemptsContext,
  type RecordingScorer,
} from './modules/attempts/attempts.service';
import { recordingLinks as signedRecordingLinks } from './lib/recording-links';
import { InFlightCounter } from './lib/in-flight-counter';
import { sharedLanguageTools } from '@ninety/scoring/language-tools';

// Validation messages reach learners: make zod speak Chinese.
z.config(z.locales.zhCN());

const REQUEST_ID = /^[\w.-]{1,64}$/;

export interface BuildAppOptions {
  /** An already-open database (tests); otherwise one is opened from DATABASE_URL. */
  database?: Database;
  /** Tests move time instead of waiting. */
  clock?: Clock;
  /** Scores spoken attempts (tests of the attempt rules); by default the speech engine does. */
  recordings?: RecordingScorer;
  /**
   * Start the speech workers now (the server does): otherwise the first recording after a start
   * waits ~0.5 s for the model to load. Tests leave it off, so most never start a worker.
   */
  preloadSpeech?: boolean;
}

export type App = FastifyInstance;

/** Builds the whole server without listening, so tests can drive it through `app.inject`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const database = options.database ?? (await openDatabase(config.DATABASE_URL));
  const startedAt = Date.now();

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.token', 'req.headers.mobiletoken'],
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: false,
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', async () => {
    await database.close();
  });

  try {
    await database.migrate();

    // POST calls without a payload (countryList, getTokenByMobileToken) may still say JSON.
    const parseJson = app.getDefaultJsonParser('error', 'error');
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) =>
      body === '' ? done(null, undefined) : parseJson(request, String(body), done),
    );

    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    await app.register(compress, { global: true, threshold: 1024 });
    await registerSecurity(app, config);
    await registerOpenApi(app, config.PUBLIC_BASE_URL);

    const services = await buildServices(config, database, app.log, options.clock ?? systemClock);
    const { accounts } = services;
    app.addHook('onClose', async () => {
      await services.speech.close();
    });
    if (options.preloadSpeech) {
      // A failure is logged; the pool retries its workers when the first recording arrives.
      services.speech.warmUp().then(
        () => app.log.info('speech engine ready'),
        (error: unknown) => app.log.error({ err: error }, 'speech engine failed to start'),
      );
    }
    app.decorateRequest('auth', null);

    if (config.CONTENT_IMPORT_ON_START) {
      const words = await loadPronunciationWords();
      const summary = await importBankIfEmpty({
        db: database.db,
        storage: services.storage,
        contentRoot: config.CONTENT_DIR,
        hasWord: (word) => words.has(word),
      });
      if (summary) app.log.info(summary, 'question bank imported into the empty database');
    }

    await app.register(healthRoutes(database, startedAt));
    await app.register(clientErrorRoutes);
    await app.register(voiceRoutes);
    await app.register(
      messageRoutes({
        sms: accounts.sms,
        signKey: config.SMS_SIGN_KEY,
        outbox: services.smsOutbox,
        perMinuteLimit: config.SMS_IP_MINUTE_LIMIT,
      }),
    );
    await app.register(authRoutes(accounts));
    await app.register(qrLoginRoutes(accounts));
    await app.register(wechatRoutes(accounts));
    if (services.officialAccount) {
      await app.register(wechatPushRoutes(accounts, services.officialAccount));
    } else if (config.NODE_ENV !== 'production') {
      await app.register(wechatSimulatorRoutes(accounts));
    }
    await app.register(usersRoutes(accounts, services.teacher));

    const itemsDeps = {
      db: database.db,
      clock: accounts.clock,
      storage: services.storage,
      timeZone: config.TIME_ZONE,
    };
    await app.register(itemsRoutes(itemsDeps, accounts));
    await app.register(favoritesRoutes(itemsDeps, accounts));

    const recordingLinks = signedRecordingLinks(config.AUTH_SECRET, accounts.clock);
    const attempts: AttemptsContext = {
      db: database.db,
      clock: accounts.clock,
      quota: accounts.quota,
      recordingLinks,
      languageTools: sharedLanguageTools,
      storage: services.storage,
      recordings: options.recordings ?? speechRecordingScorer(services.speech),
      inFlight: new InFlightCounter(RECORDINGS_IN_FLIGHT_PER_USER),
    };
    await app.register(attemptsRoutes(attempts, accounts));
    await app.register(voiceAttemptsRoutes(attempts, accounts));
    await app.register(commentsRoutes({ db: database.db, clock: accounts.clock }, accounts));
    await app.register(
      studyRoutes({ db: database.db, clock: accounts.clock, timeZone: config.TIME_ZONE }, accounts),
    );
    await app.register(
      settingsRoutes(
        { db: database.db, clock: accounts.clock, storage: services.storage },
        accounts,
      ),
    );

    // The dictionaries take about a second to load: on the first look-up, not at start.
    const wordsDeps = {
      db: database.db,
      dictionary: lazyDictionary(undefined, (stats) => app.log.info(stats, 'dictionaries loaded')),
    };
    await app.register(dictionaryRoutes(wordsDeps, accounts));
    await app.register(wordsRoutes(wordsDeps, accounts));

    await registerMedia(app, services.storage.root, recordingLinks);
    await registerWeb(app, config.WEB_DIST_DIR);
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
