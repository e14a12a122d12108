import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Screenshots of each step go to tests/artifacts/ (the runner's working directory is the project root). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('tests/artifacts', { recursive: true });
  await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
}

export const demoOwner = { id: 'inhaberin@example.com', password: 'demo-inhaberin' };

/**
 * Signs in through the login form and selects the demo tenant on the dashboard. The card leads to
 * the bookings screen where the user may open it; otherwise the dashboard stays with the card selected.
 */
export async function signInAndSelectDemoTenant(page: Page, user = demoOwner): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/dashboard');
  const card = page.getByRole('button', { name: /Rathaus Musterstadt/ });
  await card.click();
  await expect(page.getByRole('heading', { name: 'Buchungen', exact: true }).or(card.and(page.locator('[aria-pressed="true"]')))).toBeVisible();
}
