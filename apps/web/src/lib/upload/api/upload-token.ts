import type { UploadToken } from '@ninety/contract';
import { get } from '../../http';

/** The provider named in the credential call: the grant is ours whichever store is behind it. */
export const UPLOAD_PROVIDER = 'local';

/** Spec §7 `GET /api/auth/{provider}/uploadToken`: a short grant for the learner's own prefix. */
export function fetchUploadToken(): Promise<UploadToken> {
  return get<UploadToken>(`/api/auth/${UPLOAD_PROVIDER}/uploadToken`, undefined, { quiet: true });
}
