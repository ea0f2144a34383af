import { RECORDING_MAX_BYTES } from '@ninety/contract';
import type { FastifyInstance } from 'fastify';

/** The content types a browser or a script may give a WAV recording. */
const WAV_TYPES = ['audio/wav', 'audio/x-wav', 'audio/wave'];

/**
 * Lets the routes of this plugin take a recording as the raw body (spec §7 upload helper): a
 * Buffer of at most the longest answer's WAV. The route checks it is a usable recording.
 */
export function acceptRecordingBodies(app: FastifyInstance): void {
  for (const type of WAV_TYPES) {
    app.addContentTypeParser(
      type,
      { parseAs: 'buffer', bodyLimit: RECORDING_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
  }
}
