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
import { databaseTimeouts, openDatabase, type Database } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { importBankIfEmpty } from './content/import-bank';
import { registerErrorHandling } from './plugins/error-handler';
import { httpServerOptions } from './plugins/http-server';
import { LocalDiskStorage } from './adapters/storage/local-disk-storage';
import { registerLocalUploads } from './plugins/local-uploads';
import { registerMedia } from './plugins/media';
import { registerOpenApi } from './plugins/openapi';
import { registerSecurity } from './plugins/security';
import { registerTextGuard } from './plugins/text-guard';
import { registerWeb } from './plugins/web';
import { buildAppContext } from './services';
import { defineQueues, startWorkers } from './workers';
import type { RegisterModule } from './app-context';
import type { RecordingScorer } from './modules/attempts/recording-scorer';
import type { LanguageWorkers } from './adapters/language/language-worker-pool';
import * as account from './modules/account/account.routes';
import * as bindings from './modules/account/bindings.routes';
import * as attempts from './modules/attempts/attempts.routes';
import * as voiceAttempts from './modules/attempts/voice-attempts.routes';
import * as auth from './modules/auth/auth.routes';
import * as clientErrors from './modules/client-errors/client-errors.routes';
import * as comments from './modules/comments/comments.routes';
import * as courses from './modules/courses/courses.routes';
import * as favorites from './modules/favorites/favorites.routes';
import * as health from './modules/health/health.routes';
import * as items from './modules/items/items.routes';
import { createPageStandIn } from './modules/items/page-stand-in';
import * as location from './modules/location/location.routes';
import * as learningCentre from './modules/learning-centre/learning-centre.routes';
import * as mock from './modules/mock/mock.routes';
import * as orders from './modules/orders/orders.routes';
import * as listening from './modules/listening/listening.routes';
import * as materials from './modules/materials/materials.routes';
import * as qrLogin from './modules/qr-login/qr-login.routes';
import * as authGuard from './modules/sessions/auth-guard';
import * as sessions from './modules/sessions/sessions.routes';
import * as settings from './modules/settings/settings.routes';
import * as sms from './modules/sms/message.routes';
import * as study from './modules/study/study.routes';
import * as users from './modules/users/users.routes';
import * as voice from './modules/voice/voice.routes';
import * as wechat from './modules/wechat/wechat.routes';
import * as uploads from './modules/uploads/uploads.routes';
import * as words from './modules/words/words.routes';

/**
 * The modules in the order their routes are registered (the OpenAPI document lists them so).
 * The auth guard comes first: it signs in the routes of every module after it.
 */
const MODULES: readonly { register: RegisterModule }[] = [
  authGuard,
  health,
  clientErrors,
  voice,
  sms,
  auth,
  sessions,
  qrLogin,
  wechat,
  users,
  items,
  favorites,
  attempts,
  comments,
  study,
  settings,
  voiceAttempts,
  words,
  account,
  bindings,
  uploads,
  mock,
  listening,
  orders,
  materials,
  courses,
  location,
  learningCentre,
];

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
  /** Load the writing checker's workers now (the server does) rather than on the first answer. */
  preloadLanguageTools?: boolean;
  /**
   * Load the English dictionary once listening (the server does): the first dictation of 精听
   * or look-up after a start otherwise waits seconds for it (issue 20).
   */
  preloadDictionary?: boolean;
  /** The writing checker's workers, when a test holds them to watch them. */
  languageWorkers?: LanguageWorkers;
}

export type App = FastifyInstance;

/** Builds the whole server without listening, so tests can drive it through `app.inject`. */
export async function buildApp(config: Config, options: BuildAppOptions = {}): Promise<App> {
  const database =
    options.database ?? (await openDatabase(config.DATABASE_URL, databaseTimeouts(config)));

  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: ['req.headers.token', 'req.headers.mobiletoken'],
    },
    bodyLimit: config.BODY_LIMIT_BYTES,
    ...httpServerOptions(config),
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
    registerTextGuard(app);
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });

    await app.register(compress, { global: true, threshold: 1024 });
    await registerSecurity(app, config, database);
    await registerOpenApi(app, config.PUBLIC_BASE_URL, config.API_DOCS);

    const context = await buildAppContext(config, database, app.log, {
      clock: options.clock ?? systemClock,
      recordings: options.recordings,
      languageWorkers: options.languageWorkers,
    });
    app.addHook('onClose', async () => {
      await context.languageWorkers.close();
    });
    app.addHook('onClose', async () => {
      await context.speech.close();
      context.storage.close?.();
    });
    // After the speech engine's hook, so it runs before it: jobs in hand finish first.
    await context.queue.start();
    app.addHook('onClose', async () => {
      await context.queue.stop(config.SHUTDOWN_TIMEOUT_MS);
    });
    await defineQueues(context);
    if (config.WORKERS_IN_PROCESS) await startWorkers(context);
    // Loaded once listening, not before: they took the start-up's CPU (health says "warming"
    // until they are ready). A failure is logged; each loads again on first use.
    // Only a server that scores loads the scorers: a fleet's API servers leave them to workers.
    app.addHook('onListen', async () => {
      // Every API server answers dictations and look-ups, whether or not it scores.
      if (options.preloadDictionary) {
        context.warmUp.start('dictionary', () => context.dictionary());
      }
      if (!config.WORKERS_IN_PROCESS) return;
      if (options.preloadLanguageTools) {
        context.warmUp.start('writing language tools', () => context.languageWorkers.warmUp());
      }
      if (options.preloadSpeech)
        context.warmUp.start('speech engine', () => context.speech.warmUp());
    });

    if (config.CONTENT_IMPORT_ON_START) {
      const summary = await importBankIfEmpty({
        db: database.db,
        storage: context.storage,
        contentRoot: config.CONTENT_DIR,
      });
      if (summary) app.log.info(summary, 'question bank imported into the empty database');
    }

    for (const module of MODULES) await module.register(app, context);

    await registerMedia(app, context.storage, context.recordingLinks);
    if (context.storage instanceof LocalDiskStorage) {
      await registerLocalUploads(app, context.storage);
    }
    await registerWeb(app, config.WEB_DIST_DIR, config.PUBLIC_BASE_URL, createPageStandIn(context));
    await app.ready();
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}
