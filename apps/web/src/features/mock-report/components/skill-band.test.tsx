import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SkillBand } from './skill-band';

const skill = (score: number | null, low: number | null, high: number | null, unscored = 0) => ({
  score,
  low,
  high,
  itemsScored: 5,
  itemsUnscored: unscored,
  types: [],
});

describe('SkillBand', () => {
  it('draws the range as a band with the estimate, and says the range in words', () => {
    render(<SkillBand name="口语" skill={skill(65, 58, 72)} />);
    expect(screen.getByRole('img', { name: '口语：65，可能区间 58–72' })).toBeInTheDocument();
    const band = screen.getByTestId('skill-band');
    expect(band.style.left).toBe('60%');
    expect(band.style.width).toBe('17.5%');
    expect(screen.getByText('区间 58–72')).toBeInTheDocument();
  });

  it('invents no number for a skill nothing fed, and says when items could not be scored', () => {
    render(<SkillBand name="写作" skill={skill(null, null, null, 2)} />);
    expect(screen.getByRole('img', { name: '写作：未评分' })).toBeInTheDocument();
    expect(screen.queryByTestId('skill-band')).not.toBeInTheDocument();
    expect(screen.getByText(/2 道题未能评分/)).toBeInTheDocument();
  });
});
