import { Alert } from 'antd';
import { microphoneGuidance, type MicrophoneProblem } from '../lib/audio/devices';

/** What to do when the microphone cannot be opened, in the learner's terms. */
export function MicrophoneHelp({ problem }: { problem: MicrophoneProblem }) {
  const guidance = microphoneGuidance[problem];
  return (
    <Alert
      type="warning"
      showIcon
      role="alert"
      title={guidance.title}
      description={
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {guidance.steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      }
    />
  );
}
