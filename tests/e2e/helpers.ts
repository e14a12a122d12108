import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';

/** Screenshots of each step go to tests/artifacts/ (the runner's working directory is the project root). */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync('tests/artifacts', { recursive: true });
  await page.screenshot({ path: `tests/artifacts/${name}.png`, fullPage: true });
}

export const demoOwner = { id: 'inhaberin@example.com', password: 'demo-inhaberin' };

/** Signs in through the login form and selects the demo tenant on the dashboard. */
export async function signInAndSelectDemoTenant(page: Page, user = demoOwner): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('E-Mail').fill(user.id);
  await page.getByLabel('Passwort').fill(user.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\//);
  await page.goto('/admin/dashboard');
  await page.getByRole('button', { name: /Rathaus Musterstadt/ }).click();
  await expect(page.getByRole('button', { name: /Rathaus Musterstadt/ })).toHaveAttribute('aria-pressed', 'true');
}
