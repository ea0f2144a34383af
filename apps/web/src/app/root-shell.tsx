import { Outlet, ScrollRestoration } from 'react-router';
// The light host module, not the feature's index: the entry chunk stays free of the HTTP client.
import { AuthHost } from '../features/auth/components/auth-host';
import { QuotaDialogHost } from '../features/learning-centre/components/quota-dialog-host';
import { SiteSwitchHost } from '../features/site/components/site-host';
import { NavigationProgress } from './navigation-progress';
import { RouteFocus, SkipLink } from './route-focus';
import { useTrackShownLocation } from './shown-location';
import { TitleAndBackground } from './title-and-background';

/** Wraps every layout: title, body colour, progress bar, scroll handling and the login dialog. */
export function RootShell() {
  useTrackShownLocation();
  return (
    <>
      <SkipLink />
      <TitleAndBackground />
      <RouteFocus />
      <NavigationProgress />
      {/* Scrolls to the top on push and replace, restores the position on back and forward. */}
      <ScrollRestoration />
      <AuthHost />
      <QuotaDialogHost />
      <SiteSwitchHost />
      <Outlet />
    </>
  );
}
