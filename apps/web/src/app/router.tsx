import { createBrowserRouter, createPath, redirect } from 'react-router';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { loadWithReload } from '../lib/load-with-reload';
import { AppLoading } from './app-loading';
import { FullScreenLayout } from './layouts/full-screen-layout';
import { HomeLayout } from './layouts/home-layout';
import { MobileLayout } from './layouts/mobile-layout';
import { PlainLayout } from './layouts/plain-layout';
import { pageLoaders } from './page-loaders';
import type { RouteHandle } from './route-handle';
import { RootShell } from './root-shell';
import { RouteErrorPage, RouteErrorView } from './route-error-page';
import { gateRoute } from './route-gate';
import { prefetchRouteData } from './route-prefetch';
import { pageRoutes, redirectRoutes } from './route-table';
import type { LayoutName, PageRoute, RedirectRoute } from './route-table';

type AppRouter = ReturnType<typeof createBrowserRouter>;

let browserRouter: AppRouter | undefined;

/** Where the browser router is heading, if it is in the middle of a navigation. */
function pendingHref(): string | undefined {
  const location = browserRouter?.state.navigation.location;
  return location ? createPath(location) : undefined;
}

function toPageRoute(route: PageRoute): RouteObject {
  const handle: RouteHandle = {
    page: route.page,
    title: route.title,
    background: route.background,
    keepAlive: route.keepAlive,
    isPublic: route.isPublic,
  };
  const common = {
    id: route.page,
    handle,
    // Sign-in from the URL, then the route gate (spec §4); a page let through starts fetching
    // its data while its code loads.
    loader: async (args: LoaderFunctionArgs) => {
      const gate = await gateRoute(args, route.isPublic);
      if (gate === null) prefetchRouteData(route.page, args);
      return gate;
    },
    // Inside the layout, so the header stays usable when one page fails.
    errorElement: <RouteErrorPage />,
    // The function form: react-router mutates the object form in place, which would break route
    // objects shared by several routers (the tests build one per case).
    lazy: async () => {
      try {
        return { Component: await loadWithReload(pageLoaders[route.page], pendingHref) };
      } catch (error) {
        // react-router 7 renders a route whose lazy() rejected as still loading (a blank outlet),
        // so the failure is handed over as the page itself.
        return { Component: () => <RouteErrorView error={error} /> };
      }
    },
  };
  return route.path === '' ? { ...common, index: true } : { ...common, path: route.path };
}

function toRedirectRoute(route: RedirectRoute): RouteObject {
  return {
    id: `redirect:${route.path}`,
    path: route.path,
    loader: async (args: LoaderFunctionArgs) =>
      (await gateRoute(args, route.isPublic)) ?? redirect(route.to),
    // Renders nothing: the loader redirects before the route is shown.
    element: null,
  };
}

function childrenOf(layout: LayoutName): RouteObject[] {
  return [
    ...redirectRoutes.filter((route) => route.layout === layout).map(toRedirectRoute),
    ...pageRoutes.filter((route) => route.layout === layout).map(toPageRoute),
  ];
}

/** The route objects, shared by the browser router and by tests with a memory router. */
export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootShell />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <AppLoading />,
    children: [
      { id: 'layout:home', path: '/', element: <HomeLayout />, children: childrenOf('home') },
      { id: 'layout:plain', element: <PlainLayout />, children: childrenOf('plain') },
      { id: 'layout:mobile', element: <MobileLayout />, children: childrenOf('mobile') },
      {
        id: 'layout:full-screen',
        element: <FullScreenLayout />,
        children: childrenOf('full-screen'),
      },
    ],
  },
];

export function createAppRouter(): AppRouter {
  browserRouter = createBrowserRouter(routes);
  return browserRouter;
}
