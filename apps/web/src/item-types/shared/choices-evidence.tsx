import type { EvidenceProps } from '../types';

/** The six choice types: the options chosen beside the right ones. */
export function ChoicesEvidence({ result }: EvidenceProps) {
  if (result.kind !== 'choices') return null;
  const chosen = result.options.filter((option) => option.chosen).map((option) => option.id);
  const correct = result.options.filter((option) => option.correct).map((option) => option.id);
  return (
    <p>
      你的选择：{chosen.join('、') || '（未作答）'}；正确答案：{correct.join('、')}
    </p>
  );
}
