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

// A transition: React renders the app in slices that yield to the browser, rather than in one
// long task on a phone's main thread (issue 23: blocking time).
const render = (router: ReturnType<typeof createAppRouter>) =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );

const root = createRoot(container);
const hasStandIn = container.firstElementChild?.classList.contains('stand-in') === true;

// The router is made in a task of its own, right after the modules' evaluation: it starts loading
// the route's code and data while the stand-in shows, and in the same task as the evaluation it
// made one long task that Lighthouse counts as blocking time (issue 23, ADR 0037).
setTimeout(() => {
  const router = createAppRouter();
  // The server's stand-in of the page's largest text (page-stand-in.css, issue 23, ADR 0036) is
  // replaced only once the browser has painted it: on a fast network the app's first render came
  // before any paint, and the text then waited for the page's code and data.
  if (hasStandIn && !document.hidden) {
    requestAnimationFrame(() => setTimeout(() => render(router), 0));
  } else {
    render(router);
  }
}, 0);
