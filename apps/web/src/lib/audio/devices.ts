/**
 * Microphone facts for the record test and the speaking flow. Spec §8: "A microphone info failure
 * gives an empty label. No audio track gives null." Browsers also give empty labels until the page
 * has microphone permission, so an empty label is shown as a generic name, never as an error.
 */

export interface InputDevice {
  deviceId: string;
  label: string;
}

/** The label of a device's info; reading it failing (a revoked or odd object) gives ''. */
export function deviceLabel(read: () => Pick<MediaDeviceInfo, 'label'> | null | undefined): string {
  try {
    const label = read()?.label;
    return typeof label === 'string' ? label : '';
  } catch {
    return '';
  }
}

/** The label of the stream's microphone: null with no audio track, '' when its info fails. */
export function trackLabel(stream: Pick<MediaStream, 'getAudioTracks'> | null): string | null {
  const track = stream?.getAudioTracks()[0];
  if (!track) return null;
  return deviceLabel(() => track);
}

/** The audio inputs among the devices, each with its label (spec §8 rule). */
export function inputDevices(devices: readonly MediaDeviceInfo[]): InputDevice[] {
  return devices
    .filter((device) => device.kind === 'audioinput')
    .map((device) => ({ deviceId: device.deviceId, label: deviceLabel(() => device) }));
}

/** What to show for a label: an unnamed device still gets a name. */
export function displayLabel(label: string | null, index = 0): string {
  if (label === null) return '没有检测到麦克风';
  return label || `麦克风 ${index + 1}（名称未知）`;
}

export type MicrophoneProblem = 'denied' | 'not-found' | 'busy' | 'unsupported' | 'unknown';

/** Sorts a getUserMedia failure into what the learner can do about it. */
export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'not-found';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported';
    default:
      return 'unknown';
  }
}

/** Chinese guidance for each problem: a title and the steps to try. */
export const microphoneGuidance: Record<MicrophoneProblem, { title: string; steps: string[] }> = {
  denied: {
    title: '浏览器没有获得麦克风权限',
    steps: [
      'Chrome / Edge：点击地址栏左侧的锁形（或“网站设置”）图标，把“麦克风”改为“允许”，然后刷新页面。',
      '也可以打开浏览器“设置 → 隐私和安全 → 网站设置 → 麦克风”，把本网站从“不允许”列表中移除。',
      'Windows：在“设置 → 隐私和安全性 → 麦克风”中打开“允许应用访问麦克风”和“允许桌面应用访问麦克风”。',
      'macOS：在“系统设置 → 隐私与安全性 → 麦克风”中勾选你的浏览器，然后重启浏览器。',
    ],
  },
  'not-found': {
    title: '没有找到可用的麦克风',
    steps: [
      '检查耳机或麦克风是否插好；USB 麦克风可以换一个接口再试。',
      '在系统声音设置中确认已选择正确的输入设备，且没有被禁用。',
      '蓝牙耳机请确认已连接并切换到“通话 / 耳机”模式。',
      '连接好之后刷新本页面再试。',
    ],
  },
  busy: {
    title: '麦克风被占用或无法启动',
    steps: [
      '关闭正在使用麦克风的其他程序（会议软件、录音软件、其他浏览器标签页）。',
      '拔下再插上麦克风，或在系统声音设置中重新选择输入设备。',
      '仍不行时，重启浏览器后再试。',
    ],
  },
  unsupported: {
    title: '当前浏览器不支持录音',
    steps: [
      '请使用最新版 Chrome 或 Edge 浏览器。',
      '请通过 https 地址打开本网站（浏览器只允许安全连接下使用麦克风）。',
    ],
  },
  unknown: {
    title: '无法打开麦克风',
    steps: ['刷新页面后再试；仍不行时，换用最新版 Chrome 或 Edge 浏览器。'],
  },
};
