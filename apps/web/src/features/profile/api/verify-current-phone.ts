import type { PhoneChangeProof } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';

/** Step 2: the current phone's code, checked; answers the proof the change needs (quiet). */
export function verifyCurrentPhone(code: string): Promise<PhoneChangeProof> {
  return post<PhoneChangeProof>(
    '/api/user/bindings/phone/verifyCurrent',
    { code },
    { quiet: true },
  );
}

export function useVerifyCurrentPhone() {
  return useMutation({ mutationFn: verifyCurrentPhone });
}
