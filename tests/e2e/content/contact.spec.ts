import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';
import { countMessages, nextMessage } from '../support/outbox.ts';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the contact form explains bad input, keeps what was typed, then sends', async ({ page }) => {
    await page.goto('/contact-us');
    await page.getByLabel('First name').fill('Rui');
    await page.getByLabel('Email').fill('rui@');
    await page.getByLabel('Message').fill('Is the garden flat still free?');
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(page.getByRole('alert').first()).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Rui');
    await expect(page.getByLabel('Message')).toHaveValue('Is the garden flat still free?');
    await expect(page.getByLabel('Last name')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Subject')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');

    // The message goes to the company's address, shown on the page.
    const office = (await page.locator('.contact-card a[href^="mailto:"]').textContent())!;
    const before = countMessages(office);
    await page.getByLabel('Last name').fill('Costa');
    await page.getByLabel('Email').fill('rui@example.com');
    await page.getByLabel('Subject').fill('Garden flat');
    await page.getByRole('button', { name: 'Send message' }).click();
    // Post/Redirect/Get: the thank-you is a page of its own, which a reload fetches again without posting.
    await expect(page).toHaveURL(/\/contact-us\?notice=sent$/);
    await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible();
    expect((await nextMessage(office, before)).text).toContain('Is the garden flat still free?');
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(request.url());
    });
    await page.reload();
    await expect(page.getByText('Thank you. Your message has been sent.')).toBeVisible();
    expect(posts).toEqual([]);
    expect(countMessages(office)).toBe(before + 1);
  });
});

test('the contact page is accessible and shows the office', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 2, name: 'Our office' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
