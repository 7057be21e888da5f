import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { signIn } from '../support/sign-in.ts';

const ADMIN = { email: 'admin@example.com', password: 'admin1234' };
const OWNER = { email: 'agent2@example.com', password: 'demo1234' };

test("an admin creates a category with a dropdown parameter and an owner's add-property form offers it", async ({
  page,
  browser,
}) => {
  test.slow();
  const tag = Date.now().toString(36);
  await signIn(page, ADMIN, '/admin/content/parameters/new');
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel('Name', { exact: true }).fill(`Heating ${tag}`);
  await page.getByLabel('Type').selectOption('dropdown');
  await page.getByLabel('Options').fill('Gas\nHeat pump');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  await page.goto('/admin/content/categories/new');
  // Only spaces: past the browser's check, refused by the server's.
  await page.getByLabel('Name', { exact: true }).fill('   ');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This field is required.')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill(`Cabins ${tag}`);
  await page.getByRole('checkbox', { name: `Heating ${tag}` }).check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  const categoryId = new URL(page.url()).pathname.split('/').pop();
  await page.goto(`/admin/content/categories?search=${tag}`);
  await expect(page.getByTestId('content-list')).toContainText(`Cabins ${tag}`);

  const owner = await browser.newPage();
  await signIn(owner, OWNER, '/user/properties/new');
  await owner.getByRole('radio', { name: `Cabins ${tag}` }).check();
  await owner.getByRole('button', { name: 'Next' }).click();
  await expect(owner).toHaveURL(new RegExp(`category=${categoryId}`));
  // The form is a series of steps once its island wakes: the parameter waits in the details step.
  const heating = owner.getByLabel(`Heating ${tag}`);
  await expect(heating).toBeAttached();
  await expect(heating.locator('option', { hasText: 'Heat pump' })).toHaveCount(1);
  await owner.close();
});

test('an admin uploads a language file; unknown keys are listed', async ({ page }) => {
  await signIn(page, ADMIN, '/admin/content/languages/new');
  const fill = async () => {
    await page.getByLabel('Code').fill('fr');
    await page.getByLabel('Name', { exact: true }).fill('French');
    await page.getByLabel('Native name').fill('Français');
  };
  await fill();
  await page.getByLabel('Language file (JSON)').setInputFiles({
    name: 'fr.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ home: { title: 'Trouvez votre maison', bogus: 'x' } })),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('unknown-keys')).toContainText('home.bogus');
  // The browser dropped the file with the refused post: the form says which to choose again, beside its field.
  const again = page.getByTestId('choose-again');
  await expect(again).toContainText('fr.json');
  await expect(page.getByLabel('Language file (JSON)')).toHaveAttribute(
    'aria-describedby',
    new RegExp(`\\b${await again.getAttribute('id')}\\b`),
  );

  await fill();
  await page.getByLabel('Language file (JSON)').setInputFiles({
    name: 'fr.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify({ home: { title: 'Trouvez votre maison' } })),
  });
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();

  await page.goto('/?lang=fr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trouvez votre maison');
});

test('deleting a content entry needs the confirmation ticked', async ({ page, baseURL }) => {
  const question = `Can I bring my cat ${Date.now().toString(36)}?`;
  await signIn(page, ADMIN, '/admin/content/faqs/new');
  await page.getByLabel('Question').fill(question);
  await page.getByLabel('Answer').fill('Yes, cats are welcome.');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Created.')).toBeVisible();
  const entry = new URL(page.url()).pathname;
  const form = page.getByTestId('delete-entry');

  // The browser refuses the form without the tick; a post that skips the browser is refused by the page.
  const confirm = form.getByRole('checkbox', { name: /I want to delete this entry/ });
  await form.getByRole('button', { name: 'Delete' }).click();
  expect(await confirm.evaluate((box) => (box as HTMLInputElement).validity.valueMissing)).toBe(true);
  expect(new URL(page.url()).pathname).toBe(entry);
  const unconfirmed = await page.request.post(entry, { form: { action: 'delete' }, headers: { origin: baseURL! } });
  expect(unconfirmed.status()).toBe(422);
  await page.reload();
  await expect(page.getByLabel('Question')).toHaveValue(question);

  await confirm.check();
  await form.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted.')).toBeVisible();
  await page.goto(`/admin/content/faqs?search=${encodeURIComponent('my cat')}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(question)).toHaveCount(0);
});

test('a new verification field starts required, as the seeded ones are', async ({ page }) => {
  await signIn(page, ADMIN, '/admin/content/verification-fields/new');
  await expect(page.getByRole('checkbox', { name: 'Required' })).toBeChecked();
  await page.goto('/admin/content/parameters/new');
  await expect(page.getByRole('checkbox', { name: 'Required' })).not.toBeChecked();
});
