import { describe, expect, it } from 'vitest';
import { testClock } from '../../test/test-app';
import { recordingLinks } from './recording-links';

const PATH = '/files/recordings/0b8e4f7e-5d7c-4a53-9a61-3f0c2f7d9a10.wav';

function parts(link: string) {
  const url = new URL(link, 'http://localhost');
  return {
    path: url.pathname,
    expires: url.searchParams.get('expires'),
    signature: url.searchParams.get('signature'),
  };
}

describe('recording links', () => {
  it('a link verifies for its own path until it expires, at least 6 h on the hour', () => {
    const clock = testClock(new Date('2026-11-22T02:10:00Z'));
    const links = recordingLinks('a-secret-of-sixteen+', clock);
    const link = parts(links.sign(PATH));
    expect(link.path).toBe(PATH);
    expect(Number(link.expires)).toBe(Date.parse('2026-11-22T09:00:00Z') / 1000);
    expect(links.verify(PATH, link.expires, link.signature)).toBe(true);
    clock.advance(6 * 3600 + 49 * 60);
    expect(links.verify(PATH, link.expires, link.signature)).toBe(true);
    clock.advance(60);
    expect(links.verify(PATH, link.expires, link.signature)).toBe(false);
  });

  it('the same attempt keeps the same link within the hour, so a refetch does not restart playback', () => {
    const clock = testClock(new Date('2026-11-22T02:10:00Z'));
    const links = recordingLinks('a-secret-of-sixteen+', clock);
    const first = links.sign(PATH);
    clock.advance(40 * 60);
    expect(links.sign(PATH)).toBe(first);
    clock.advance(20 * 60);
    expect(links.sign(PATH)).not.toBe(first);
  });

  it('refuses another path, a changed expiry, another secret, and missing or malformed parts', () => {
    const clock = testClock();
    const links = recordingLinks('a-secret-of-sixteen+', clock);
    const { expires, signature } = parts(links.sign(PATH));
    const other = PATH.replace('0b8e', '1b8e');
    const later = String(Number(expires) + 3600);
    expect(links.verify(other, expires, signature)).toBe(false);
    expect(links.verify(PATH, later, signature)).toBe(false);
    expect(recordingLinks('another-secret-sixteen', clock).verify(PATH, expires, signature)).toBe(
      false,
    );
    for (const [e, s] of [
      [null, signature],
      [expires, null],
      [expires, ''],
      [`${expires}.0`, signature],
      [expires, `${signature}x`],
      [[expires], signature],
    ] as const) {
      expect(links.verify(PATH, e, s)).toBe(false);
    }
  });
});
