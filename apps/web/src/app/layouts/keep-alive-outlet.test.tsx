import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ok, signIn } from '../../testing/stub-api';
import { buildHighFrequency } from '../../features/bank/testing/build-bank';
import { renderApp } from '../../testing/render-app';
import type { RouteHandle } from '../route-handle';
import type { PageKey } from '../route-table';
import { HomeLayout } from './home-layout';

function handleFor(page: PageKey, keepAlive: boolean): RouteHandle {
  return { page, title: page, background: '#fff', keepAlive, isPublic: true };
}

function Draft({ label }: { label: string }) {
  const [text, setText] = useState('');
  return (
    <input aria-label={label} value={text} onChange={(event) => setText(event.target.value)} />
  );
}

const routes: RouteObject[] = [
  {
    path: '/',
    element: <HomeLayout />,
    children: [
      { path: 'high', handle: handleFor('high', true), element: <Draft label="高频草稿" /> },
      {
        path: 'question',
        handle: handleFor('question', false),
        element: <Draft label="题库草稿" />,
      },
    ],
  },
];

describe('keep-alive pages', () => {
  it('keep their state while the learner is elsewhere; other pages start fresh', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/high', routes);

    await user.type(await screen.findByLabelText('高频草稿'), 'Read Aloud');

    await router.navigate('/question');
    await user.type(await screen.findByLabelText('题库草稿'), 'temporary');
    // Still mounted, but hidden.
    expect(screen.getByLabelText('高频草稿')).not.toBeVisible();

    await router.navigate('/high');
    await waitFor(() => expect(screen.getByLabelText('高频草稿')).toBeVisible());
    expect(screen.getByLabelText('高频草稿')).toHaveValue('Read Aloud');
    expect(screen.queryByLabelText('题库草稿')).not.toBeInTheDocument();

    await router.navigate('/question');
    expect(await screen.findByLabelText('题库草稿')).toHaveValue('');
  });

  it('the real 高频 page keeps its selected part across a visit to another page', async () => {
    signIn(undefined, {
      'GET /api/postsV2/highFrequency': ok(buildHighFrequency()),
      'POST /api/dynamic/hierarchy': ok({ week: '2026-W47', sections: [] }),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/high');
    await screen.findByText('Bees and pollination');
    await user.click(screen.getByText('听力'));
    expect(screen.queryByText('Bees and pollination')).not.toBeInTheDocument();
    expect(screen.getByText('Library opening hours')).toBeVisible();

    await router.navigate('/question');
    await screen.findByRole('heading', { name: '题库' });
    await router.navigate(-1);

    await waitFor(() => expect(screen.getByText('Library opening hours')).toBeVisible());
    expect(screen.queryByText('Bees and pollination')).not.toBeInTheDocument();
  });
});
