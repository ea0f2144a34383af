import { Outlet, ScrollRestoration } from 'react-router';
import { NavigationProgress } from './navigation-progress';
import { TitleAndBackground } from './title-and-background';

/** Wraps every layout: title, body colour, progress bar and scroll handling. */
export function RootShell() {
  return (
    <>
      <TitleAndBackground />
      <NavigationProgress />
      {/* Scrolls to the top on push and replace, restores the position on back and forward. */}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
