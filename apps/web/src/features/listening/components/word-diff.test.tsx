import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildDictationResult } from '../testing/build-material';
import { WordDiff } from './word-diff';

describe('WordDiff', () => {
  it('marks each kind of mistake by more than colour and counts them', () => {
    const { container } = render(<WordDiff diff={buildDictationResult().diff} />);
    const diff = screen.getByLabelText('逐词对照');
    expect(diff).toHaveTextContent('coral reefs cuvercover a smalltiny part [of] the big ocean');
    expect(screen.getByLabelText('漏写：of')).toHaveTextContent('[of]');
    expect(screen.getByLabelText('多写：big').tagName).toBe('DEL');
    expect(screen.getByLabelText('拼错：写成 cuver，应为 cover')).toBeInTheDocument();
    expect(screen.getByLabelText('写错词：写成 small，应为 tiny')).toBeInTheDocument();
    expect(
      [...container.querySelectorAll('[data-kind]')].map((node) => node.getAttribute('data-kind')),
    ).toEqual([
      'correct',
      'correct',
      'misspelt',
      'correct',
      'wrong',
      'correct',
      'missing',
      'correct',
      'extra',
      'correct',
    ]);
    const legend = screen.getByRole('list', { name: '错误统计' });
    expect(legend).toHaveTextContent('漏写 1 个拼错 1 个写错词 1 个多写 1 个');
  });

  it('says so when every word is right', () => {
    render(<WordDiff diff={[{ kind: 'correct', expected: 'yes', written: 'yes' }]} />);
    expect(screen.getByRole('list', { name: '错误统计' })).toHaveTextContent('全部正确');
  });
});
