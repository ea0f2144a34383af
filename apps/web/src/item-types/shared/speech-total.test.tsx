import { defaultWordColorBands, SpeechResultSchema } from '@ninety/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SpeechEvidence } from './speech-evidence';

/** Spec §9: the speaking total is total_score × 18, shown with a bar at value / 90 × 100. */
const result = SpeechResultSchema.parse({
  kind: 'speech',
  score: 14,
  max: 20,
  total_score: 3.5,
  estimate: 63,
  syllables: [],
  pauses: [],
  wpm: 0,
  traits: [],
  gatedBy: null,
});

describe('the speaking total and its bar (spec §9)', () => {
  it('shows total_score × 18 out of 90 and a bar at its percentage', () => {
    render(
      <SpeechEvidence
        result={result}
        recordingUrl={null}
        bands={defaultWordColorBands}
        isReference
      />,
    );
    expect(screen.getByRole('group', { name: '口语总分' })).toHaveTextContent('总分 63 / 90');
    expect(screen.getByRole('progressbar', { name: '口语总分 63 / 90' })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
  });
});
