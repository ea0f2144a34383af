/** Whole-page actions, behind an object so that tests can replace them. */
export const page = {
  reload(): void {
    window.location.reload();
  },
  /** A full page load of `href` (a path within the site). */
  assign(href: string): void {
    window.location.assign(href);
  },
  /** A full page load of `href` that takes the current history entry's place. */
  replace(href: string): void {
    window.location.replace(href);
  },
};
