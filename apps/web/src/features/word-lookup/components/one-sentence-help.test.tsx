import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Modal } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { ReadingStudyPanel } from './reading-study-panel';

/** Spec §4 one-sentence mode: "The help dialog shows once (a flag is persisted)". */
const text = 'Coral reefs can recover from bleaching, but only if the water cools quickly enough.';

function renderPanel() {
  return render(
    <AppProviders>
      <ReadingStudyPanel text={text} termName="朗读" />
    </AppProviders>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('the one-sentence help dialog', () => {
  it('shows on the first switch to one-sentence mode only, and remembers it across pages', async () => {
    // The dialog itself is antd's; what matters is how often it is asked for.
    const info = vi
      .spyOn(Modal, 'info')
      .mockImplementation(() => ({ destroy: () => undefined, update: () => undefined }));
    const view = renderPanel();
    await userEvent.click(screen.getAllByText('单句模式')[0]!);
    expect(info).toHaveBeenCalledOnce();
    expect(info.mock.calls[0]![0]).toMatchObject({ title: '单句模式' });
    expect(localStorage.getItem('oneSentenceHelpSeen')).toBe('1');

    // Back and forth on the same page: no second dialog.
    await userEvent.click(screen.getAllByText('点词查义')[0]!);
    await userEvent.click(screen.getAllByText('单句模式')[0]!);
    // A new page (the flag is in local storage): still none.
    view.unmount();
    renderPanel();
    await userEvent.click(screen.getAllByText('单句模式')[0]!);
    expect(info).toHaveBeenCalledOnce();
  });
});
