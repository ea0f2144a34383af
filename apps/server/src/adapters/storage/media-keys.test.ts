import { describe, expect, it } from 'vitest';
import { isPrivateKey } from './media-keys';

describe('isPrivateKey', () => {
  it('makes recordings and uploads of a private purpose private, the rest public', () => {
    expect(isPrivateKey('recordings/7/0b8e4f7e.wav')).toBe(true);
    expect(isPrivateKey('uploads/7/mock-recording/1764000000000-a.wav')).toBe(true);
    expect(isPrivateKey('uploads/7/avatar/1764000000000-me.png')).toBe(false);
    expect(isPrivateKey('bank/audio/rs/rs-0001.mp3')).toBe(false);
    expect(isPrivateKey('recordingsx/a.wav')).toBe(false);
  });
});
