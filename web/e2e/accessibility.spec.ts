import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './helpers';

/** Fails with axe's serious and critical findings on the page as it stands. */
async function expectNoSeriousViolations(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => `${n.target.join(' ')} ${n.html.slice(0, 160)}`).join('\n  ')}`)
    .join('\n');
  expect(serious, `${name}:\n${report}`).toEqual([]);
}

for (const theme of ['light', 'dark']) {
  test(`axe finds no serious or critical violation on the landing and the news (${theme})`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousViolations(page, `landing (${theme})`);
    await page.goto('/news');
    await expectNoSeriousViolations(page, `news (${theme})`);
  });

  test(`axe finds no serious or critical violation on support and the dashboard (${theme})`, async ({ page }) => {
    await page.addInitScript((mode) => localStorage.setItem('theme', mode), theme);
    await signIn(page, 'comite');
    await page.goto('/support');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `support (${theme})`);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
    await expectNoSeriousViolations(page, `dashboard (${theme})`);
  });
}
