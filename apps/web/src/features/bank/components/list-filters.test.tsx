import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import type { ListFilters } from '../api/list-items';
import { ListFilterBar } from './list-filters';

const filters: ListFilters = {
  code: 'WFD',
  page: 1,
  perPage: 20,
  keyword: '',
  updTopic: 0,
  isFull: 0,
  practiceStatus: 0,
  type: 1,
  color: '',
  hotSort: 0,
  isReal: 0,
};

function renderBar(onChange = vi.fn()) {
  render(
    <AppProviders>
      <ListFilterBar filters={filters} signedIn onChange={onChange} />
    </AppProviders>,
  );
  return onChange;
}

describe('the list filter bar (issue 23: antd Select on the first touch only)', () => {
  it('shows each filter as a named combobox with its value before any Select loads', () => {
    renderBar();
    const frequency = screen.getByRole('combobox', { name: '频率' });
    expect(frequency).toHaveTextContent('高频与非高频');
    expect(frequency).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getAllByRole('combobox')).toHaveLength(7);
    expect(document.querySelector('.ant-select')).toBeNull();
  });

  it('opens the real Select on a click and passes the chosen value on', async () => {
    const onChange = renderBar();
    await userEvent.click(screen.getByRole('combobox', { name: '频率' }));
    await userEvent.click(await screen.findByTitle('本周高频'));
    await waitFor(() => expect(onChange).toHaveBeenCalledWith({ type: 4 }));
  });

  it('hands the focus to the Select when a keyboard learner tabs onto a filter', async () => {
    renderBar();
    const update = screen.getByRole('combobox', { name: '更新' });
    update.focus();
    await waitFor(() => expect(document.querySelector('.ant-select')).not.toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: '更新' })),
    );
  });
});
