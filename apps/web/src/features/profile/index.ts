/**
 * 个人中心's own parts that no other feature holds: the nickname, the signed-in devices with
 * signing one or all of them out, and the sign-in bindings (phone and WeChat).
 */
export { DevicesPanel } from './components/devices-panel';
export { NicknameForm } from './components/nickname-form';
export { updateNickname, useUpdateNickname } from './api/update-nickname';
export { useDevices, fetchDevices, devicesQueryOptions } from './api/list-devices';
export {
  signOutDevice,
  signOutAllDevices,
  useSignOutDevice,
  useSignOutAllDevices,
} from './api/sign-out-device';
export { BindingsPanel } from './components/bindings-panel';
export { useBindings, fetchBindings, bindingsQueryOptions } from './api/get-bindings';
