import { config } from 'zod/v4/core';

// zod compiles object parsers with new Function() after probing whether eval is allowed; the
// probe alone trips the page's Content-Security-Policy (script-src 'self'), which logs a violation
// in the console of every page that parses a response (issue 23, Lighthouse best practices). The
// interpreted parsers are fast enough for API responses. Imported first, before any schema runs.
config({ jitless: true });
