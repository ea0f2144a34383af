import {
  defaultWordColorBands,
  SpeechResultSchema,
  type ItemAnswer,
  type SpeechResult,
} from '@ninety/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionKeys } from '../../lib/storage-keys';
import { loadAllItemTypes } from '../../testing/item-types';
import { ResultPanel } from './result-panel';
import { readableTextColor } from '../../lib/word-colors';
import { SpeechEvidence } from './speech-evidence';

const phone = (text: string, score: number, type: 'good' | 'unclear' | 'bad' | 'omitted') => ({
  text,
  arpabet: text.toUpperCase(),
  type,
  score,
});

/** An RA result as the scorer gives it for "Reefs can recover, but only if the water cools quickly." (shortened). */
const raResult: SpeechResult = SpeechResultSchema.parse({
  kind: 'speech',
  score: 14,
  max: 20,
  total_score: 3.67,
  estimate: 66,
  syllables: [
    {
      word: 'Reefs',
      score: 5,
      type: 'good',
      start: 0.3,
      end: 0.62,
      omitted: false,
      phonemes: [phone('ɹ', 5, 'good'), phone('i', 5, 'good'), phone('f', 5, 'good')],
    },
    {
      word: 'only',
      score: 0,
      type: 'omitted',
      start: 1.98,
      end: 2.1,
      omitted: true,
      phonemes: [phone('oʊ', 0, 'omitted'), phone('n', 0, 'omitted')],
    },
    {
      word: 'cools',
      score: 4.44,
      type: 'good',
      start: 4.44,
      end: 4.76,
      omitted: false,
      phonemes: [phone('k', 5, 'good'), phone('u', 0.61, 'unclear'), phone('l', 5, 'good')],
    },
    {
      word: 'quickly',
      score: 3.33,
      type: 'unclear',
      start: 4.76,
      end: 5.24,
      omitted: false,
      phonemes: [phone('k', 3.78, 'unclear')],
    },
  ],
  pauses: [{ start: 2.26, end: 3.46, afterWord: 'if', atPunctuation: false, kind: 'long' }],
  wpm: 109,
  traits: [
    {
      trait: 'content',
      score: 8,
      max: 10,
      summaryZh: '读对 8 / 10 个词；没有听到：only；没有读对：water。',
      marks: [],
      measures: [{ labelZh: '读对的词', value: '8 / 10' }],
    },
    {
      trait: 'pronunciation',
      score: 4,
      max: 5,
      summaryZh: '发音 4 / 5（熟练）；读得不清楚的词：water、quickly，点开单词看音素。',
      marks: [],
      measures: [],
    },
    {
      trait: 'fluency',
      score: 2,
      max: 5,
      summaryZh: '语速 109 词/分钟，偏慢；在 “if” 后停顿过长；在 “the” 后有犹豫停顿。',
      marks: [],
      measures: [{ labelZh: '语速', value: '109 词/分钟' }],
    },
  ],
  gatedBy: null,
});

const recording = { recording: { url: '/media/rec/1.wav', durationSeconds: 5.5 } };

function renderEvidence(result: SpeechResult = raResult) {
  return render(
    <SpeechEvidence
      result={result}
      bands={defaultWordColorBands}
      recordingUrl={recording.recording.url}
      isReference
    />,
  );
}

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;
// Each item type is its own chunk (issue 23): loaded first, an item shows in its first render.
beforeAll(() => loadAllItemTypes());

beforeEach(() => {
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

describe('SpeechEvidence (spec §3 word colours, speech-engine.md §7.4)', () => {
  it('colours each word by its band (score × 18) and shows omitted words greyed in brackets', () => {
    renderEvidence();
    const words = within(screen.getByLabelText('逐词评分'));
    // 5 × 18 = 90 → green; 4.44 × 18 = 80 → dark grey; 3.33 × 18 = 60 → red (spec §3), each
    // darkened as far as AA contrast needs (issue 23).
    const colour = (hex: string) => ({ color: readableTextColor(hex) });
    expect(words.getByRole('button', { name: 'Reefs' })).toHaveStyle(colour('#52c41a'));
    expect(words.getByRole('button', { name: 'cools' })).toHaveStyle({ color: '#595959' });
    expect(words.getByRole('button', { name: 'quickly' })).toHaveStyle(colour('#ff4d4f'));
    expect(readableTextColor('#52c41a')).not.toBe('#52c41a');
    const omitted = words.getByRole('button', { name: '[only]' });
    expect(omitted).toHaveAttribute('data-status', 'omitted');
    expect(omitted.getAttribute('style')).toBeNull();
  });

  it('a click shows the phonemes in IPA with their scores and plays that word of the recording', async () => {
    const { container } = renderEvidence();
    await userEvent.click(screen.getByRole('button', { name: 'cools' }));
    const detail = screen.getByLabelText('“cools” 的音素');
    expect(within(detail).getByText('/u/')).toBeInTheDocument();
    // 0.61 × 18 = 11, 5 × 18 = 90.
    expect(within(detail).getByText('11')).toBeInTheDocument();
    expect(within(detail).getAllByText('90')).toHaveLength(2);
    expect(within(detail).getByText('不太清楚')).toBeInTheDocument();

    const audio = container.querySelector('audio');
    expect(audio).toHaveAttribute('src', '/media/rec/1.wav');
    expect(audio?.currentTime).toBe(4.44);
    expect(play).toHaveBeenCalledTimes(1);
    // It stops at the word's end.
    Object.defineProperty(audio, 'currentTime', { configurable: true, value: 4.8 });
    fireEvent.timeUpdate(audio as HTMLAudioElement);
    expect(pause).toHaveBeenCalledTimes(1);
  });

  it('Enter on a focused word opens it too; an omitted word opens without playing', async () => {
    renderEvidence();
    screen.getByRole('button', { name: '[only]' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.getByLabelText('“only” 的音素')).toHaveTextContent('没有听到');
    expect(play).not.toHaveBeenCalled();
  });

  it('a word heard as a similar-sounding one says which (issue 15)', async () => {
    const heard: SpeechResult = SpeechResultSchema.parse({
      ...raResult,
      syllables: [
        {
          word: 'open',
          score: 1.11,
          type: 'bad',
          start: 0.3,
          end: 0.7,
          omitted: false,
          heardAs: 'ocean',
          phonemes: [phone('oʊ', 5, 'good'), phone('ʃ', 4, 'good')],
        },
      ],
    });
    renderEvidence(heard);
    await userEvent.click(screen.getByRole('button', { name: 'open' }));
    expect(screen.getByLabelText('“open” 的音素')).toHaveTextContent('听起来像 “ocean”，算读错');
  });

  it('a word squeezed into almost no time says why it counts as wrong (issue 15)', async () => {
    const squeezed: SpeechResult = SpeechResultSchema.parse({
      ...raResult,
      syllables: [
        {
          word: 'period',
          score: 0.83,
          type: 'bad',
          start: 0.3,
          end: 0.42,
          omitted: false,
          squeezed: true,
          phonemes: [phone('p', 2, 'bad'), phone('ɪ', 2, 'bad'), phone('r', 2, 'bad')],
        },
      ],
    });
    renderEvidence(squeezed);
    await userEvent.click(screen.getByRole('button', { name: 'period' }));
    expect(screen.getByLabelText('“period” 的音素')).toHaveTextContent(
      '这个词几乎没有占用时间，像是没读或读成了别的词，算读错',
    );
  });

  it('shows the three traits with their Chinese advice', () => {
    renderEvidence();
    expect(screen.getByText(/读对 8 \/ 10 个词；没有听到：only/)).toBeInTheDocument();
    expect(screen.getByText(/在 “if” 后停顿过长/)).toBeInTheDocument();
    expect(screen.getByRole('row', { name: /发音 4 \/ 5/ })).toBeInTheDocument();
  });

  it('DI: lists the keywords covered and missed', () => {
    renderEvidence({
      ...raResult,
      keywords: { covered: ['bar chart', 'coal'], missed: ['solar / renewable'] },
    });
    const list = screen.getByLabelText('关键词');
    expect(list).toHaveTextContent('答到的关键词：bar chart、coal');
    expect(list).toHaveTextContent('没有提到：solar / renewable');
  });

  it('says so when the recording cannot be played (its link expired), until it can again', () => {
    const { container } = renderEvidence();
    const audio = container.querySelector('audio') as HTMLAudioElement;
    expect(screen.queryByText(/录音暂时无法播放/)).toBeNull();
    fireEvent.error(audio);
    expect(screen.getByRole('alert')).toHaveTextContent('链接可能已过期，请刷新页面后再听');
    fireEvent.canPlay(audio);
    expect(screen.queryByText(/录音暂时无法播放/)).toBeNull();
  });

  it('shows the unscored message instead of words and traits', () => {
    renderEvidence({
      ...raResult,
      score: 0,
      syllables: [],
      traits: [],
      unscored: {
        reason: 'too-quiet',
        messageZh: '没有听清：声音太小，请靠近麦克风或调高音量后再录一次。',
      },
    });
    expect(screen.getByRole('alert')).toHaveTextContent('没有听清：声音太小');
    expect(screen.queryByLabelText('逐词评分')).toBeNull();
  });
});

describe('ResultPanel with a speech result', () => {
  const answer: ItemAnswer = { id: 'ra-0001', key: {}, explanationZh: '注意连读。' };
  const renderPanel = (result: SpeechResult) => {
    // Bands already held this session: no getColor call (spec §7).
    sessionStorage.setItem(sessionKeys.wordColors, JSON.stringify(defaultWordColorBands));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    return render(
      <QueryClientProvider client={client}>
        <ResultPanel
          type="RA"
          result={result}
          answer={answer}
          content={{ text: 'Reefs can recover.' }}
          learnerAnswer={recording}
          isKeyShown={false}
        />
      </QueryClientProvider>,
    );
  };

  it('shows the raw score, the 估分 from the scorer with its practice note, and the words', async () => {
    const fetchStub = vi.fn();
    vi.stubGlobal('fetch', fetchStub);
    const { container } = renderPanel(raResult);
    expect(screen.getByText('14')).toBeInTheDocument();
    const estimate = screen.getByLabelText('估分');
    expect(estimate).toHaveTextContent('估分 66 / 90');
    expect(estimate).toHaveTextContent('仅供练习参考');
    expect(await screen.findByRole('button', { name: 'Reefs' })).toBeInTheDocument();
    expect(container.querySelector('audio')).toHaveAttribute('src', '/media/rec/1.wav');
    expect(fetchStub).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('unscored: says 未评分 and shows no 估分', () => {
    renderPanel({
      ...raResult,
      score: 0,
      syllables: [],
      traits: [],
      unscored: { reason: 'no-speech', messageZh: '没有听清：录音里没有听到说话声。' },
    });
    expect(screen.getByText('未评分')).toBeInTheDocument();
    expect(screen.queryByLabelText('估分')).toBeNull();
    expect(screen.getByRole('alert')).toHaveTextContent('没有听清');
  });
});
