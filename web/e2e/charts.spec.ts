import { expect, test, type Locator, type Page } from './fixtures';
import { settled, shot, signIn } from './helpers';

/**
 * How many pixels of the card's canvas are in colour: bars and lines are, the axes, grid and
 * text are shades of grey. Read from the canvas itself, so it counts what was drawn.
 */
function colouredPixels(card: Locator): Promise<number> {
  return card.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const context = canvas.getContext('2d');
    if (!context || canvas.width === 0 || canvas.height === 0) return 0;
    const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
    let count = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = [data[i], data[i + 1], data[i + 2], data[i + 3]];
      if (a > 200 && Math.max(r, g, b) - Math.min(r, g, b) > 60) count++;
    }
    return count;
  });
}

/**
 * A chart's card once its drawing is on screen: its canvas holds bars or lines. A chart is
 * drawn when it comes near the window, so the card is scrolled to first.
 */
async function drawn(page: Page, title: string): Promise<Locator> {
  const card = page.getByRole('region', { name: title });
  await expect(card.getByRole('img')).toBeVisible();
  await card.scrollIntoViewIfNeeded();
  await expect(card.locator('canvas')).toBeVisible();
  await expect.poll(() => colouredPixels(card)).toBeGreaterThan(200);
  return card;
}

/** Opens the chart's "Ver datos" table and returns it. */
async function dataTable(card: Locator): Promise<Locator> {
  await card.getByRole('button', { name: 'Ver datos' }).click();
  const table = card.getByRole('table');
  await expect(table).toBeVisible();
  return table;
}

test('the dashboard charts the team hours per week and server, light and on a dark phone', async ({ page }) => {
  await signIn(page, 'comite');
  await page.goto('/dashboard');
  const card = await drawn(page, 'Horas del equipo por semana');
  const table = await dataTable(card);
  await expect(table.getByRole('columnheader', { name: 'Principal' })).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(13); // the header and 12 weeks
  await shot(page, 'charts-dashboard');

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => localStorage.removeItem('theme'));
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  const phoneCard = await drawn(page, 'Horas del equipo por semana');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await phoneCard.scrollIntoViewIfNeeded();
  await shot(page, 'charts-dashboard-dark-375', { fullPage: false });
});

test("/staff/stats charts the member's week by day, their weeks and the desk's days", async ({ page }) => {
  await signIn(page, 'moderador');
  await page.goto('/staff/stats');
  await drawn(page, 'Horas de Esta Semana');
  await drawn(page, 'Mis horas por semana');
  await drawn(page, 'Tickets por día (últimos 30 días)');
  await shot(page, 'charts-staff-stats');
});

test('the support panel charts tickets per day and the median times', async ({ page }) => {
  await signIn(page, 'soporte');
  await page.goto('/admin/support');
  const counts = await drawn(page, 'Tickets por día (últimos 30 días)');
  await drawn(page, 'Tiempos de atención por día (medianas)');
  const table = await dataTable(counts);
  await expect(table.getByRole('row')).toHaveCount(31);
  await shot(page, 'charts-admin-support');
});

test('the treasury charts the income per month and item, one chart per currency, in the dark theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signIn(page, 'tesoreria');
  await page.goto('/treasury');
  await drawn(page, 'Ingresos por mes en MXN');
  const robux = await drawn(page, 'Ingresos por mes en Robux');
  await expect(robux.getByRole('img')).toHaveAttribute('aria-label', /Robux en total/);
  await shot(page, 'charts-treasury-dark');
});

test("an initiative's page charts its tally", async ({ page }) => {
  await signIn(page, 'comite');
  await page.goto('/legislative');
  await page.getByRole('link', { name: 'Reforma al Código Penal del servidor', exact: true }).click();
  const drawing = page.getByRole('img', { name: /^Gráfica de barras: Resultado de la votación/ });
  await expect(drawing).toBeVisible();
  await expect(drawing).toHaveAttribute('aria-label', /A favor: 1/);
  await shot(page, 'charts-initiative');
  await page.setViewportSize({ width: 375, height: 800 });
  // The narrower page lays the chart out anew: wait for the new drawing before scrolling to it.
  await expect(drawing).toHaveAttribute('aria-label', /A favor: 1/);
  await settled(page);
  await drawing.scrollIntoViewIfNeeded();
  await shot(page, 'charts-initiative-375', { fullPage: false });
});
