import { Modal, type ModalFuncProps } from 'antd';

/**
 * antd's confirm dialog with a fade instead of its default zoom. The zoom lays the dialog out at
 * full size, shrinks it to 20 % and grows it back, so a click on Yes right after it appeared could
 * land where the button was not yet and do nothing: a mock exam's Next stayed open on a busy
 * machine (CI). The login dialog and the avatar crop fade for the same reason. `ant` is antd's
 * default class prefix, which the app keeps.
 */
export function confirm(props: ModalFuncProps): ReturnType<typeof Modal.confirm> {
  return Modal.confirm({ transitionName: 'ant-fade', ...props });
}
