import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiToken, approveListing, postListing } from '../support/api-listings.ts';

/*
 * Stored XSS: script payloads typed into every free-text field people share (listing title and description,
 * profile name, chat message, report reason, contact message) come back as text on every page that shows them.
 * Each page is checked twice: its HTML never holds the payload as markup, and in the browser nothing ran.
 */
const tag = Date.now().toString(36);
const PAYLOAD = `<script>window.__xss=1</script><img src=x onerror=window.__xss=1>${tag}`;
const OWNER = { email: 'agent3@example.com', password: 'demo1234' };
const ADMIN = { email: 'admin@example.com', password: 'admin1234' };

async function signedIn(browser: Browser, who: { email: string; password: string }): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto('/login?next=/user/dashboard');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // New accounts land on their profile to complete it; everyone else on the dashboard.
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  return page;
}

/**
 * The page shows the payload, and the document the browser built from its HTML holds no element made from it:
 * no script carrying it (JSON-LD blocks must still parse as JSON), no element with an event handler, nothing ran.
 */
async function expectEscaped(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const found = await page.evaluate((tag) => {
    const problems: string[] = [];
    const fields = [...document.querySelectorAll('input, textarea')].map((f) => (f as HTMLInputElement).value);
    if (![document.body.innerText, ...fields].some((text) => text.includes(`>${tag}`)))
      problems.push('the payload is not shown as text');
    for (const script of document.querySelectorAll('script')) {
      if (script.type === 'application/ld+json') {
        try {
          JSON.parse(script.textContent ?? '');
        } catch {
          problems.push('a JSON-LD block was broken out of');
        }
      } else if (script.textContent?.includes('__xss')) problems.push('a script element carries the payload');
    }
    if (document.querySelector('[onerror], [onload]')) problems.push('an element has an inline event handler');
    if ((window as { __xss?: number }).__xss !== undefined) problems.push('the payload ran');
    return problems;
  }, tag);
  expect(found, path).toEqual([]);
}

test('script typed into shared text fields is shown as text everywhere', async ({ browser, request, baseURL }) => {
  test.slow();
  const origin = { origin: baseURL! };

  // The listing: posted by a demo agent through the API, approved by the admin.
  const ownerToken = await apiToken(request, OWNER);
  const adminToken = await apiToken(request, ADMIN);
  const property = await postListing(request, baseURL!, ownerToken, {
    title: `Loft ${PAYLOAD}`,
    description: `Bright rooms. ${PAYLOAD} A balcony over the river.`,
  });
  await approveListing(request, baseURL!, adminToken, property.id);

  // Someone new, named with the payload, writes to the owner, reports the listing and uses the contact form.
  const email = `xss-${tag}@example.com`;
  const registered = await request.post('/api/user-register', {
    data: {
      name: `Eve ${PAYLOAD}`.slice(0, 100),
      email,
      mobile: '+351915000001',
      password: 'demo1234',
      re_password: 'demo1234',
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  const eve = registered.json().then((b) => b.data as { id: number; token: string });
  const auth = { authorization: `Bearer ${(await eve).token}`, ...origin };
  const ownerId = (
    await (await request.get('/api/get-user-data', { headers: { authorization: `Bearer ${ownerToken}` } })).json()
  ).data.id;
  const sent = await request.post('/api/send_message', {
    headers: auth,
    data: { receiver_id: ownerId, property_id: property.id, message: `Hi ${PAYLOAD}` },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const reported = await request.post('/api/add_reports', {
    headers: auth,
    data: { property_id: property.id, other_message: `Fake ${PAYLOAD}` },
  });
  expect(reported.status(), await reported.text()).toBe(200);
  const contacted = await request.post('/api/contct_us', {
    data: {
      first_name: 'Eve',
      last_name: PAYLOAD.slice(0, 60),
      email,
      subject: `Hi ${tag}`,
      message: `Body ${PAYLOAD}`,
    },
  });
  expect(contacted.status(), await contacted.text()).toBe(200);

  // A visitor reads the listing.
  const visitor = await (await browser.newContext()).newPage();
  await expectEscaped(visitor, `/properties-details/${property.slug_id}`);

  // Eve sees her own name and the conversation.
  const evePage = await signedIn(browser, { email, password: 'demo1234' });
  await expectEscaped(evePage, '/user/profile');
  await expectEscaped(evePage, `/user/messages/u${ownerId}-p${property.id}`);

  // The owner sees Eve's name and message in the inbox and the conversation.
  const ownerPage = await signedIn(browser, OWNER);
  await expectEscaped(ownerPage, '/user/messages');
  await expectEscaped(ownerPage, `/user/messages/u${(await eve).id}-p${property.id}`);

  // The admin sees the report, the user and the listing in the console.
  const adminPage = await signedIn(browser, ADMIN);
  await expectEscaped(adminPage, '/admin/reports');
  await expectEscaped(adminPage, `/admin/users/${(await eve).id}`);
  await expectEscaped(adminPage, `/admin/properties/${property.id}`);
});
