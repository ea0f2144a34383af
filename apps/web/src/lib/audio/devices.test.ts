import { describe, expect, it } from 'vitest';
import { deviceLabel, displayLabel, inputDevices, microphoneProblem, trackLabel } from './devices';

const device = (kind: MediaDeviceKind, label: string, deviceId = label) =>
  ({ kind, label, deviceId, groupId: '', toJSON: () => ({}) }) as MediaDeviceInfo;

const streamWith = (tracks: unknown[]) => ({ getAudioTracks: () => tracks as MediaStreamTrack[] });

describe('device labels (spec §8)', () => {
  it('gives the label of a device', () => {
    expect(deviceLabel(() => device('audioinput', 'USB Mic'))).toBe('USB Mic');
  });

  it('gives an empty label when the device info fails', () => {
    expect(
      deviceLabel(() => {
        throw new Error('gone');
      }),
    ).toBe('');
    const broken = {
      get label(): string {
        throw new DOMException('revoked', 'InvalidStateError');
      },
    };
    expect(deviceLabel(() => broken)).toBe('');
    expect(deviceLabel(() => undefined)).toBe('');
  });

  it('gives null when the stream has no audio track', () => {
    expect(trackLabel(streamWith([]))).toBeNull();
    expect(trackLabel(null)).toBeNull();
  });

  it("gives the track's label, or empty when reading it fails", () => {
    expect(trackLabel(streamWith([{ label: 'Fake Audio Input 1' }]))).toBe('Fake Audio Input 1');
    const broken = {
      get label(): string {
        throw new Error('no info');
      },
    };
    expect(trackLabel(streamWith([broken]))).toBe('');
  });

  it('lists only the audio inputs', () => {
    expect(
      inputDevices([
        device('audioinput', 'A', '1'),
        device('videoinput', 'Cam'),
        device('audiooutput', 'Out'),
        device('audioinput', '', '2'),
      ]),
    ).toEqual([
      { deviceId: '1', label: 'A' },
      { deviceId: '2', label: '' },
    ]);
  });

  it('names unnamed devices and a missing track for display', () => {
    expect(displayLabel('USB Mic')).toBe('USB Mic');
    expect(displayLabel('', 1)).toBe('麦克风 2（名称未知）');
    expect(displayLabel(null)).toBe('没有检测到麦克风');
  });
});

describe('microphoneProblem', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'not-found'],
    ['OverconstrainedError', 'not-found'],
    ['NotReadableError', 'busy'],
    ['NotSupportedError', 'unsupported'],
    ['Whatever', 'unknown'],
  ])('sorts %s as %s', (name, problem) => {
    expect(microphoneProblem(new DOMException('x', name))).toBe(problem);
  });

  it('sorts a missing mediaDevices (TypeError) as unsupported and anything else as unknown', () => {
    expect(microphoneProblem(new TypeError('undefined'))).toBe('unsupported');
    expect(microphoneProblem('nope')).toBe('unknown');
  });
});
