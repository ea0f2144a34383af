import { z } from 'zod';

/** One signed-in device of the learner (个人中心 · 登录设备). */
export const DeviceSessionSchema = z
  .object({
    id: z.number().int().positive(),
    clientType: z.string().describe('pcweb 网页、h5 手机网页、app 等'),
    device: z.string().describe('由浏览器标识读出的设备与浏览器，如 “Windows · Chrome”'),
    ip: z.string().nullable().describe('登录时的 IP（部分打码）'),
    signedInAt: z.iso.datetime(),
    lastSeenAt: z.iso.datetime(),
    current: z.boolean().describe('是否为发出本次请求的设备'),
  })
  .meta({ id: 'DeviceSession', description: '一个登录中的设备' });
export type DeviceSession = z.infer<typeof DeviceSessionSchema>;

export const DeviceSessionListSchema = z
  .object({ list: z.array(DeviceSessionSchema) })
  .meta({ id: 'DeviceSessionList' });
export type DeviceSessionList = z.infer<typeof DeviceSessionListSchema>;

export const SignOutDeviceBodySchema = z
  .strictObject({ id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER) })
  .meta({ id: 'SignOutDeviceBody', description: '退出一个设备' });
export type SignOutDeviceBody = z.infer<typeof SignOutDeviceBodySchema>;

export const SignedOutSchema = z
  .object({
    signedOut: z.number().int().min(0).describe('退出的设备数'),
    current: z.boolean().describe('本设备是否也已退出（需要重新登录）'),
  })
  .meta({ id: 'SignedOut' });
export type SignedOut = z.infer<typeof SignedOutSchema>;
