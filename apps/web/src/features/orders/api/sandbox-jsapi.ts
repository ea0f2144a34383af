import type { SandboxJsapiBody } from '@ninety/contract';
import { useMutation } from '@tanstack/react-query';
import { post } from '../../../lib/http';
import { ordersPaths } from './paths';

/** The sandbox's stand-in for WeChat's JSAPI cashier; answers as the bridge's callback does. */
export function sandboxJsapi(body: SandboxJsapiBody): Promise<{ errMsg: string }> {
  return post<{ errMsg: string }>(ordersPaths.sandboxJsapi, body);
}

export function useSandboxJsapi() {
  return useMutation({ mutationFn: sandboxJsapi });
}
