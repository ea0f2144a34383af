import type { SharedAnswer } from '@ninety/contract';

/** The public share page (route table: `H5/share`, in the phone frame, open without signing in). */
export const SHARE_PAGE_PATH = '/H5/share';

/** Spec §7: a share link is an app page with id, questionId and shareType. */
export function buildShareLink(
  origin: string,
  share: Pick<SharedAnswer, 'id' | 'questionId' | 'shareType'>,
): string {
  const query = new URLSearchParams({
    id: share.id,
    questionId: share.questionId,
    shareType: String(share.shareType),
  });
  return `${origin}${SHARE_PAGE_PATH}?${query.toString()}`;
}

/** Copies with the async clipboard; false where it is missing (plain http) or refused. */
export async function copyText(text: string): Promise<boolean> {
  try {
    if (!navigator.clipboard) return false;
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
