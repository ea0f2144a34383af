import type { LessonDetail } from '@ninety/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../testing/render-app';
import { formatClock } from '../labels';
import { LessonView } from './lesson-view';

const preview: LessonDetail = {
  courseId: 'listening',
  courseTitle: '听力题型精讲',
  lesson: {
    id: 'sst-basics',
    type: 'SST',
    title: '听力总结：50 到 70 词写出要点',
    summaryZh: '听力总结要在 10 分钟内用 50 到 70 个词写出讲座要点。',
    access: 'member',
    durationSeconds: 52.1,
    locked: true,
    posterUrl: '/files/courses/sst-basics/poster.jpg?expires=1&signature=x',
    progress: null,
  },
  chapters: [
    { start: 0, end: 8, title: '题型与评分' },
    { start: 8, end: 52.1, title: '答题策略' },
  ],
  media: null,
  previousLessonId: null,
  nextLessonId: 'lmcm-basics',
};

describe('LessonView', () => {
  it('shows a locked lesson as a preview: poster, summary, chapters and the way to membership', async () => {
    renderApp('/', [{ path: '/', element: <LessonView detail={preview} courseKind="skill" /> }]);
    const box = await screen.findByTestId('lesson-preview');
    expect(within(box).getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/wow-vip');
    expect(screen.getByText(preview.lesson.summaryZh)).toBeInTheDocument();
    expect(screen.getByText('答题策略')).toBeInTheDocument();
    expect(screen.getByText('会员')).toBeInTheDocument();
    expect(document.querySelector('video')).toBeNull();
  });
});

describe('formatClock', () => {
  it('writes positions as the player does', () => {
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(12.9)).toBe('0:12');
    expect(formatClock(754)).toBe('12:34');
    expect(formatClock(3723)).toBe('1:02:03');
  });
});
