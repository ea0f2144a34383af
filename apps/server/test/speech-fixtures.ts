/**
 * CI sets SPEECH_FIXTURES_REQUIRED (.ci/run): there the speech engine tests fail, rather than
 * skip, when espeak-ng or sox is missing.
 */
export function speechFixturesRequired(): boolean {
  return Boolean(process.env['SPEECH_FIXTURES_REQUIRED']);
}
