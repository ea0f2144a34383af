import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../../lib/toast';
import { buildUser } from '../../testing/build-user';
import { renderApp } from '../../testing/render-app';
import { ok, signIn } from '../../testing/stub-api';

/** Spec §6: a mock exam is a counted use, so the quota is checked before it starts. */
vi.setConfig({ testTimeout: 60_000 });

let warning: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  warning = vi.spyOn(toast, 'warning').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

const blueprint = {
  id: 'full-mock',
  version: 1,
  kind: 'full',
  nameZh: '全真模考',
  nameEn: 'Full',
  descriptionZh: '全真模考说明',
  itemCount: 70,
  estimatedMinutes: 135,
  parts: [],
};

describe('the mock exam page', () => {
  it('a non-member with no uses left is warned before the check-in', async () => {
    signIn(buildUser({ energy: 0 }), {
      'GET /api/mock/blueprints': ok({ list: [blueprint] }),
      'GET /api/mock/papers': ok({ list: [], total: 0, page: 1, perPage: 1 }),
    });
    const { router } = renderApp('/mock/exam');
    await userEvent.click(
      await screen.findByRole('button', { name: '开始模考' }, { timeout: 20_000 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: /^开\s?始$/ }));
    await waitFor(() => expect(warning).toHaveBeenCalledWith('剩余次数不足'));
    expect(router.state.location.pathname).toBe('/mock/exam');
  });
});
