/**
 * The free phone loop loaded as a hand-built FSG (grammar.ts `phoneLoopFsg`) is the JSGF loop it
 * replaced, only cheaper to search: the same phones, times and scores on clips made at test time
 * by two synthesis engines, decoded by the vendored model in this thread.
 */
import type { Decoder } from 'soundswallower';
import { beforeAll, describe, expect, it } from 'vitest';
import { speechFixturesRequired } from '../../../test/speech-fixtures';
import { phoneDecoderConfig, prepareDecoder, preparePhoneDecoder, runJob } from './decode';
import { phoneLoopGrammar } from './grammar';
import { DEFAULT_MODEL_BASE, DEFAULT_MODEL_NAME } from './speech-worker-pool';
import * as F from './test-support/fixtures';
import { loadSpeechModule } from './test-support/speech-module';

const available = F.speechToolsAvailable() && F.fliteAvailable();
if (!available && speechFixturesRequired())
  throw new Error('espeak-ng, flite and sox are required (apt-get install espeak-ng flite sox)');

describe.skipIf(!available)('the free phone loop as a hand-built FSG', () => {
  /** Keys of the phone decoders, as the worker's main decoder is (decode.ts keeps them by it). */
  let byFsg: Decoder;
  let byJsgf: Decoder;

  beforeAll(async () => {
    const module = await loadSpeechModule();
    const config = phoneDecoderConfig(`${DEFAULT_MODEL_BASE}${DEFAULT_MODEL_NAME}`);
    const pair = async () => {
      // The small phone-only configuration serves as the key decoder too: no 25 MB dictionary.
      const main = new module.Decoder(config);
      await main.initialize();
      prepareDecoder(main, module);
      const phones = new module.Decoder(config);
      await phones.initialize();
      preparePhoneDecoder(main, phones);
      return { main, phones };
    };
    byFsg = (await pair()).main;
    const jsgf = await pair();
    // The loop as it was loaded before: compiled from JSGF.
    jsgf.phones.set_grammar(phoneLoopGrammar());
    byJsgf = jsgf.main;
  }, 60_000);

  const clips = {
    'espeak-ng': () => F.clip({ text: F.READ_ALOUD, wpm: 150 }),
    'flite (slt)': () => F.clip({ text: F.READ_ALOUD, engine: 'flite', voice: 'slt' }),
  };

  for (const [engine, make] of Object.entries(clips)) {
    it(`decodes ${engine} into the same phones, times and scores`, () => {
      const samples = make();
      const decode = (decoder: Decoder) => {
        const { outcome } = runJob(decoder, samples, { kind: 'phones' });
        if (!outcome.ok) throw new Error(`not decoded: ${outcome.reason}`);
        return outcome.alignment.free;
      };
      const fsg = decode(byFsg);
      expect(fsg?.length).toBeGreaterThan(20);
      expect(fsg).toEqual(decode(byJsgf));
    });
  }
});
