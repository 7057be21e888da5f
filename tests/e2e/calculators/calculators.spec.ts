import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { waitForIslands } from '../support/hydration.ts';

const fill = async (page: Page, values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) await page.getByLabel(label, { exact: true }).fill(value);
};

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the mortgage calculator answers the form and explains bad input', async ({ page }) => {
    const loan = {
      'Property price or loan amount': '250000',
      'Down payment': '50000',
      'Interest rate (% a year)': '6.5',
      'Loan term (years)': '30',
    };
    await page.goto('/mortgage-calculator');
    await fill(page, loan);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByTestId('monthly-emi')).toHaveText('$1,264.14');
    await expect(page.getByText('The detailed mortgage schedule needs a package that includes it.')).toBeVisible();
    // Amounts as every price on the site, whatever the page's language: the currency's own format.
    await page.goto(`${page.url()}&lang=ar`);
    await expect(page.getByTestId('monthly-emi')).toHaveText('$1,264.14');
    await page.goto('/mortgage-calculator?lang=en');
    await fill(page, loan);

    await fill(page, { 'Down payment': '300000' });
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect(page.getByRole('alert')).toContainText('The down payment must be less than the loan amount.');
    await expect(page.getByLabel('Down payment')).toHaveAttribute('aria-invalid', 'true');
  });

  test('the area converter converts between units', async ({ page }) => {
    await page.goto('/area-converter?value=1&from=acre&to=sq_ft');
    // Symbols, which read right for one or many: not "1 acres = 43,560 square feet".
    await expect(page.getByTestId('area-answer')).toHaveText('1 ac = 43,560 sq ft');
  });
});

test('the mortgage result follows what is typed, without reloading the page', async ({ page }) => {
  await page.goto('/mortgage-calculator');
  await waitForIslands(page);
  await expectNoSeriousA11yViolations(page);
  const marker = await page.evaluate(() => ((window as unknown as { marker: number }).marker = Math.random()));
  await fill(page, {
    'Property price or loan amount': '120000',
    'Down payment': '0',
    'Interest rate (% a year)': '0',
    'Loan term (years)': '10',
  });
  await expect(page.getByTestId('monthly-emi')).toHaveText('$1,000.00');
  await expect(page).toHaveURL(/interest_rate=0/);
  expect(await page.evaluate(() => (window as unknown as { marker: number }).marker)).toBe(marker);
});

test('a package holder sees the amortisation schedule', async ({ page }) => {
  await page.goto('/login?next=/mortgage-calculator');
  await page.getByLabel('Email').fill('agent1@example.com');
  await page.getByLabel('Password').fill('demo1234');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/mortgage-calculator$/);
  const yearly = page.getByRole('table', { name: 'Repayment by year' });
  await expect(yearly).toBeVisible();
  await expect(yearly.locator('tbody tr')).toHaveCount(25);
  await expectNoSeriousA11yViolations(page);
});

test('the area converter updates as units change', async ({ page }) => {
  await page.goto('/area-converter');
  await waitForIslands(page);
  await page.getByLabel('Area', { exact: true }).fill('1');
  await page.getByLabel('From').selectOption('kanal');
  await page.getByLabel('To').selectOption('marla');
  await expect(page.getByTestId('area-answer')).toContainText('= 20');
  await expectNoSeriousA11yViolations(page);
});
