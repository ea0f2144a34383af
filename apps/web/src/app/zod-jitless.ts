/**
 * zod compiles object parsers with new Function() after probing whether eval is allowed; the probe
 * alone trips the page's Content-Security-Policy (script-src 'self'), which logs a violation in
 * the console of every page that parses a response (issue 23, Lighthouse best practices). The
 * interpreted parsers are fast enough for API responses.
 *
 * Set on the global object zod keeps its configuration in (`globalThis.__zod_globalConfig`, which
 * zod/v4/core creates only if absent) rather than through `config()`: importing zod's core here
 * put ~4 kB gzip of zod into the entry chunk of pages that never parse anything (issue 23: home's
 * JavaScript ≤ 180 kB gzip). Imported first, before any schema runs; zod-jitless.test.ts checks
 * that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// The same object zod holds on to if it somehow loaded first.
(holder.__zod_globalConfig ??= {})['jitless'] = true;
