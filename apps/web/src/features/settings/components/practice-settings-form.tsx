import {
  ANSWER_DISPLAYS,
  PLAYBACK_RATES,
  type AnswerDisplay,
  type PlaybackRate,
  type SaveOrUpdateSettingBody,
  type SettingsResult,
} from '@ninety/contract';
import { Button, Form, Radio, Switch } from 'antd';
import { QueryState } from '../../../components/query-state';
import { useSaveSettings } from '../api/save-or-update-setting';
import { useSettings } from '../api/query-setting-image';

const answerDisplayText: Record<AnswerDisplay, string> = {
  afterSubmit: '提交后自动显示',
  onRequest: '点击后再显示',
};

interface FormValues {
  playbackRate: PlaybackRate;
  autoPlayAudio: boolean;
  answerDisplay: AnswerDisplay;
}

const toFormValues = (settings: SettingsResult): FormValues => ({
  playbackRate: settings.playbackRate,
  autoPlayAudio: settings.autoPlayAudio,
  answerDisplay: settings.answerDisplay,
});

/**
 * Only what the learner changed, so a save never undoes a change made in another tab. The avatar
 * is not here: 个人中心 uploads it (features/avatar-upload) and saves it on its own.
 */
function changesOf(values: FormValues, saved: SettingsResult): SaveOrUpdateSettingBody {
  const changes: SaveOrUpdateSettingBody = {};
  if (values.playbackRate !== saved.playbackRate) changes.playbackRate = values.playbackRate;
  if (values.autoPlayAudio !== saved.autoPlayAudio) changes.autoPlayAudio = values.autoPlayAudio;
  if (values.answerDisplay !== saved.answerDisplay) changes.answerDisplay = values.answerDisplay;
  return changes;
}

function SettingsForm({ saved }: { saved: SettingsResult }) {
  const [form] = Form.useForm<FormValues>();
  const save = useSaveSettings();

  return (
    <Form<FormValues>
      form={form}
      layout="vertical"
      initialValues={toFormValues(saved)}
      onFinish={(values) => {
        const changes = changesOf(values, saved);
        if (Object.keys(changes).length > 0) save.mutate(changes);
      }}
    >
      <Form.Item label="音频播放速度" name="playbackRate">
        <Radio.Group
          optionType="button"
          options={PLAYBACK_RATES.map((rate) => ({ label: `${rate} 倍`, value: rate }))}
        />
      </Form.Item>
      <Form.Item label="进入题目后自动播放音频" name="autoPlayAudio" valuePropName="checked">
        <Switch checkedChildren="开" unCheckedChildren="关" />
      </Form.Item>
      <Form.Item label="答案与解析" name="answerDisplay">
        <Radio.Group
          options={ANSWER_DISPLAYS.map((value) => ({ label: answerDisplayText[value], value }))}
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        保存设置
      </Button>
    </Form>
  );
}

/** The learner's practice settings as a form (个人中心). */
export function PracticeSettingsForm() {
  const settings = useSettings();
  return (
    <QueryState query={settings} subject="练习设置" skeletonRows={4}>
      {(saved) => (
        // A fresh form after each save, so its starting values are what is saved now.
        <SettingsForm key={saved.updatedAt ?? 'defaults'} saved={saved} />
      )}
    </QueryState>
  );
}
