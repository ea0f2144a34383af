import { describe, expect, it } from 'vitest';
import { cueProblems, formatVtt, parseVtt, type Cue } from './listening-cues';

const cues: Cue[] = [
  { index: 0, start: 0.42, end: 3.1, text: 'First sentence.' },
  { index: 1, start: 3.5, end: 7.25, text: 'Second --> sentence,\nwith a break.' },
];

describe('WebVTT cues', () => {
  it('writes one numbered cue per sentence with millisecond times', () => {
    expect(formatVtt(cues)).toBe(
      'WEBVTT\n\n0\n00:00:00.420 --> 00:00:03.100\nFirst sentence.\n\n1\n00:00:03.500 --> 00:00:07.250\nSecond → sentence, with a break.\n',
    );
  });

  it('reads back what it writes', () => {
    expect(parseVtt(formatVtt(cues))).toEqual([
      cues[0],
      { ...cues[1], text: 'Second → sentence, with a break.' },
    ]);
    expect(
      parseVtt(formatVtt([{ index: 0, start: 3725.5, end: 3726, text: 'x' }]))[0],
    ).toMatchObject({
      start: 3725.5,
      end: 3726,
    });
  });

  it('refuses what is not its format', () => {
    expect(() => parseVtt('0\n00:00:00.000 --> 00:00:01.000\nx')).toThrow('not a WebVTT');
    expect(() => parseVtt('WEBVTT\n\n0\n0:00.000 --> 0:01.000\nx')).toThrow('cue 1');
  });
});

describe('cue checks: inside the audio, in order, no uncovered speech over 1 s', () => {
  const monologue = [{ speaker: null }, { speaker: null }];
  it('accepts cues that fit', () => {
    expect(cueProblems(cues, 8, monologue)).toEqual([]);
  });
  it.each([
    {
      case: 'a cue past the audio',
      cues: [cues[0]!, { ...cues[1]!, end: 9 }],
      problem: 'after the audio',
    },
    {
      case: 'overlapping cues',
      cues: [cues[0]!, { ...cues[1]!, start: 3 }],
      problem: 'starts before',
    },
    {
      case: 'a gap over 1 s',
      cues: [cues[0]!, { ...cues[1]!, start: 4.2 }],
      problem: 'uncovered before cue 1',
    },
    {
      case: 'a late first cue',
      cues: [{ ...cues[0]!, start: 1.2 }, cues[1]!],
      problem: 'uncovered before cue 0',
    },
    {
      case: 'a cue ending before it starts',
      cues: [{ ...cues[0]!, end: 0.4 }, cues[1]!],
      problem: 'ends before it starts',
    },
    { case: 'a missing cue', cues: [cues[0]!], problem: '1 cues for 2 sentences' },
    { case: 'numbered out of order', cues: [cues[1]!, cues[0]!], problem: 'is numbered' },
  ])('finds $case', ({ cues: given, problem }) => {
    expect(cueProblems(given, 8, monologue).join('; ')).toContain(problem);
  });
  it('allows the turn pause on top where the speaker changes', () => {
    const turn = [cues[0]!, { ...cues[1]!, start: 4.5 }];
    expect(cueProblems(turn, 8, [{ speaker: 'A' }, { speaker: 'B' }])).toEqual([]);
    expect(cueProblems(turn, 8, [{ speaker: 'A' }, { speaker: 'A' }])).not.toEqual([]);
  });
  it('finds speech left after the last cue', () => {
    expect(cueProblems(cues, 10, monologue).join()).toContain('after the last cue');
  });
});
