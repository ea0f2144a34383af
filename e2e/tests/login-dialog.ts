import type { Locator } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Ticks 我已阅读并同意 in the login dialog with one click, as a learner would: the dialog fades in
 * rather than zooming, so nothing moves under the pointer once it is visible.
 */
export async function agree(dialog: Locator): Promise<void> {
  const box = dialog.getByRole('checkbox', { name: /我已阅读并同意/ });
  await box.check();
  await expect(box).toBeChecked();
}
