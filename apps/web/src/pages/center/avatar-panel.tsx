import { AvatarUpload } from '../../features/avatar-upload';
import { useSaveSettings, useSettings } from '../../features/settings';

/** 个人中心's 头像 panel: the avatar upload, saved with the practice settings' avatar field. */
export function AvatarPanel() {
  const settings = useSettings();
  const save = useSaveSettings();
  const { mutate } = save;
  return (
    <AvatarUpload
      avatar={settings.data?.avatar ?? null}
      onSave={(avatar) => mutate({ avatar })}
      saving={save.isPending}
    />
  );
}
