import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from '../support/axe.ts';

/*
 * NUL (U+0000), which PostgreSQL cannot store, in a page's address or form: the visitor gets the missing page or
 * the refused request's page, never the server error page (tests/api/security-fuzz.test.ts sweeps the API).
 */
const MISSING = ['/properties-details/%00', '/agents/%00', '/articles/%00', '/project-details/%00', '/my-property/%00'];
const REFUSED = ['/properties?search=%00', '/properties?city=%00', '/projects?search=%00', '/agents?page=1&x=a%00b'];

test('a path holding NUL is a missing page', async ({ page }) => {
  for (const path of MISSING) {
    expect((await page.goto(path))?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' }), path).toBeVisible();
  }
});

test('a query holding NUL is a refused request, which says why', async ({ page }) => {
  for (const path of REFUSED) {
    expect((await page.goto(path))?.status(), path).toBe(400);
    await expect(page.getByRole('heading', { level: 1, name: 'The request could not be accepted' })).toBeVisible();
    await expect(
      page.getByText('The request contains a character that cannot be stored (a NUL character).'),
    ).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
});

test('a form post holding NUL is refused before the page reads it', async ({ page, baseURL }) => {
  const response = await page.request.post('/contact-us', {
    form: { first_name: 'Nul', last_name: 'Byte', email: 'nul@example.com', subject: 'Hi', message: 'a\u0000b' },
    headers: { origin: baseURL! },
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain('The request contains a character that cannot be stored');
});

test('a file form or a sign-in post holding NUL is refused, and a body that is no form is a bad request', async ({
  page,
  baseURL,
}) => {
  const headers = { origin: baseURL! };
  const google = await page.request.post('/login/google', { multipart: { id_token: 'a\u0000b' }, headers });
  expect(google.status()).toBe(400);
  expect(await google.text()).toContain('The request contains a character that cannot be stored');
  const broken = await page.request.post('/login/google', {
    data: 'not a multipart body',
    headers: { ...headers, 'content-type': 'multipart/form-data; boundary=nothing-here' },
  });
  expect(broken.status()).toBe(400);
  expect(await broken.text()).toContain('The request could not be accepted');
});
