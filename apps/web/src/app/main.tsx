import './zod-jitless';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import './global.css';
import './page-stand-in.css';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Made now: it starts loading the route's code and data while the stand-in shows.
const router = createAppRouter();
const root = createRoot(container);
// A transition: React renders the app in slices that yield to the browser, rather than in one
// long task on a phone's main thread (issue 23: blocking time).
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );

// The server's stand-in of the page's largest text (page-stand-in.css, issue 23, ADR 0036) is
// replaced only once the browser has painted it: on a fast network the app's first render came
// before any paint, and the text then waited for the page's code and data.
if (container.firstElementChild?.classList.contains('stand-in') && !document.hidden) {
  requestAnimationFrame(() => setTimeout(render, 0));
} else {
  render();
}
