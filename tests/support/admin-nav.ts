import type { Page } from 'playwright-core';

/** The group of the back office's navigation each screen is listed under (a group of one screen is a plain link). */
const GROUP_OF: Record<string, string> = {
  Completed: 'Visits',
  Waitlist: 'Visits',
  Ratings: 'Visits',
  'Take a Payment': 'Money',
  Paid: 'Money',
  'Sales Tax': 'Money',
  'Time Off': 'Settings',
  'Error Log': 'Settings',
  'Config Change Log': 'Settings',
  'Change Log Form': 'Settings',
};

/**
 * Follows the back office's navigation to a screen as the owner does: on a phone the "Back office" menu opened, on a
 * wider screen the screen's group opened, then the screen's link. Waits for the address to change.
 */
export async function openAdminScreen(page: Page, label: string, pathname: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Back office' });
  const menu = nav.getByRole('button', { name: 'Back office', exact: true });
  const group = GROUP_OF[label];
  if (await menu.isVisible()) await menu.click();
  else if (group) await nav.getByRole('button', { name: group, exact: true }).click();
  await nav.getByRole('link', { name: label, exact: true }).click();
  await page.waitForURL((url) => url.pathname === pathname);
}
