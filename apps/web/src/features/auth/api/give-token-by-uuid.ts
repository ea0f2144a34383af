import { get } from '../../../lib/http';

/**
 * One poll of an app-mode QR code (spec §4). Resolves with the session token once the learner has
 * confirmed on the phone; rejects with code 2 while waiting (its msg is the status text) and 40005
 * once the code is gone. Quiet: the dialog decides what to show.
 */
export function giveTokenByUuid(uuid: string, signal?: AbortSignal): Promise<string> {
  return get<string>('/api/user/giveTokenByUUID', { uuid }, { quiet: true, signal });
}
