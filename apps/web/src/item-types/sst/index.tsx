import { PromptAudio } from '../shared/prompt-audio';
import { WritingBox } from '../shared/writing-box';
import type { RendererProps, WrittenItemType } from '../types';
import { WritingResultEvidence } from '../shared/writing-evidence';

function Renderer({ content, answer, onChange, result, secondsLeft }: RendererProps<'SST'>) {
  return (
    <>
      <PromptAudio
        src={content.audio.src}
        durationSeconds={content.audio.durationSeconds}
        isAnswered={result !== null}
      />
      <WritingBox
        label="听力总结"
        rows={6}
        value={answer.text}
        onChange={(text) => onChange({ text })}
        isScored={result !== null}
        secondsLeft={secondsLeft}
      />
    </>
  );
}

export const sst: WrittenItemType<'SST'> = {
  code: 'SST',
  kind: 'written',
  instruction:
    'You will hear a short lecture. Write a summary for a fellow student who was not present at the lecture. You should write 50-70 words. You have 10 minutes to finish this task. Your response will be judged on the quality of your writing and on how well your response presents the key points presented in the lecture.',
  emptyAnswer: () => ({ text: '' }),
  isAnswered: (answer) => answer.text.trim() !== '',
  Renderer,
  Evidence: WritingResultEvidence,
};
