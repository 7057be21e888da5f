import { expect, test, type Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

/** Search that forgives, on a phone: accents and case, a place typed in the words box, and no empty page. */
test.use({ viewport: { width: 390, height: 844 } });

const cards = (page: Page) => page.getByTestId('property-card');

async function searchFor(page: Page, words: string) {
  await page.goto('/properties');
  await page.getByLabel('Search properties').fill(words);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
}

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('typing "sao" finds the listings in São Paulo', async ({ page }) => {
    await searchFor(page, 'sao');
    await expect(page).toHaveURL(/search=sao/);
    await expect(cards(page).first()).toBeVisible();
    const count = await cards(page).count();
    for (let i = 0; i < count; i++) await expect(cards(page).nth(i)).toContainText('São Paulo');
    // Upper case and the accent typed find the same listings.
    const found = await page.locator('#listing-count').textContent();
    await page.goto('/properties?search=S%C3%83O');
    await expect(page.locator('#listing-count')).toHaveText(found!);
  });

  test('a city typed in the words box becomes the place filter, a chip that removes it', async ({ page }) => {
    await searchFor(page, 'Sao Paulo');
    await expect(page).toHaveURL(/city=S%C3%A3o(\+|%20)Paulo/);
    await expect(page).not.toHaveURL(/search=/);
    await expect(page.getByLabel('City', { exact: true })).toHaveValue('São Paulo');
    await expect(cards(page).first()).toContainText('São Paulo');
    const chip = page.getByRole('link', { name: 'Remove filter City: São Paulo' });
    await expect(chip).toBeVisible();
    await chip.click();
    await expect(page).not.toHaveURL(/city=/);
  });

  test('a city read from the words keeps the notice of a value the address had wrong', async ({ page }) => {
    await page.goto('/properties?search=Sao%20Paulo&bedrooms=lots');
    await expect(page).toHaveURL(/city=S%C3%A3o(\+|%20)Paulo/);
    await expect(page.getByTestId('dropped-filters')).toContainText('Bedrooms');
  });

  test('a misspelt city suggests the right one with its count, instead of an empty page', async ({ page }) => {
    await page.goto('/properties?city=Sao%20Paolo');
    await expect(page.getByText('No properties match')).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'Did you mean São Paulo?' });
    await expect(suggestion).toBeVisible();
    const counted = await page.locator('.no-results__list li').first().locator('.no-results__count').textContent();
    const count = Number(/\d+/.exec(counted ?? '')?.[0]);
    expect(count).toBeGreaterThan(0);
    await suggestion.click();
    await expect(page).toHaveURL(/city=S%C3%A3o(\+|%20)Paulo/);
    await expect(page.locator('#listing-count')).toContainText(String(count));
    await expect(cards(page).first()).toContainText('São Paulo');
  });

  test('a filter that keeps everything out is offered to be left out, with what is left', async ({ page }) => {
    await page.goto('/properties?city=S%C3%A3o%20Paulo&max_price=1');
    const wider = page.getByRole('link', { name: 'Without the Price filter' });
    await expect(wider).toBeVisible();
    await wider.click();
    await expect(page).not.toHaveURL(/max_price=/);
    await expect(cards(page).first()).toContainText('São Paulo');
  });
});

test('with JavaScript, the suggestions load in place and keep focus reachable', async ({ page }) => {
  await page.goto('/properties?city=Sao%20Paolo');
  const suggestion = page.getByRole('link', { name: 'Did you mean São Paulo?' });
  // axe runs scripts in the page, so the page of suggestions is checked here rather than without JavaScript.
  await expectNoSeriousA11yViolations(page);
  await suggestion.focus();
  await expect(suggestion).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/city=S%C3%A3o(\+|%20)Paulo/);
  await expect(cards(page).first()).toContainText('São Paulo');
});
