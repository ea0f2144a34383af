/** Whole-page actions, behind an object so that tests can replace them. */
export const page = {
  reload(): void {
    window.location.reload();
  },
  /** A full page load of `href` (a path within the site). */
  assign(href: string): void {
    window.location.assign(href);
  },
};
