import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as s from '../../src/server/db/schema/index.ts';
import en from '../../src/server/i18n/locales/en.json' with { type: 'json' };
import { createTranslator } from '../../src/server/i18n/translator.ts';
import { getPublicSettings } from '../../src/server/services/settings-service.ts';
import { THEME_VERSION, brandStylesheet, brandStylesheetPath, siteName } from '../../src/server/web/brand.ts';
import { adminToken, countAuditRows, setSetting } from '../support/admin.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let admin: string;
const db = () => app.database.db;
const save = (body: unknown, token = admin) => app.call('POST', '/api/admin/settings', { token, body });
const setting = async (key: string) => (await db().select().from(s.settings).where(eq(s.settings.key, key)))[0];
const latestAudit = async () =>
  (await db().select().from(s.auditLog).where(eq(s.auditLog.entity, 'settings'))).sort((a, b) => b.id - a.id)[0]!;

beforeAll(async () => {
  app = await createTestApp();
  admin = await adminToken(app);
});

describe('admin settings', () => {
  it('lists every section, with secrets only as set or not set', async () => {
    await setSetting(db(), 'stripe_secret_key', 'sk_live_hidden');
    const res = await app.call('GET', '/api/admin/settings', { token: admin });
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toContain('sk_live_hidden');
    const payments = res.body.data.find((g: { group: string }) => g.group === 'payments');
    const secret = payments.settings.find((x: { key: string }) => x.key === 'stripe_secret_key');
    expect(secret).toEqual(expect.objectContaining({ secret: true, is_set: true }));
    expect(secret).not.toHaveProperty('value');
    expect(payments.settings.map((x: { key: string }) => x.key)).toEqual(
      expect.arrayContaining(['paypal_client_secret', 'razorpay_webhook_secret', 'bank_transfer_instructions']),
    );
  });

  it('saves settings, audits what changed, and the public settings show it at once', async () => {
    const res = await save({
      currency_symbol: '€',
      currency_code: 'eur',
      svg_clr: '#AA3300',
      number_with_suffix: false,
    });
    expect(res.status).toBe(200);
    const pub = (await app.call('GET', '/api/web-settings')).body.data;
    expect(pub).toMatchObject({
      currency_symbol: '€',
      currency_code: 'EUR',
      svg_clr: '#aa3300',
      number_with_suffix: false,
    });
    const audit = await latestAudit();
    expect(audit.action).toBe('settings.update');
    expect(audit.before).toMatchObject({ currency_symbol: '$', currency_code: 'USD' });
    expect(audit.after).toMatchObject({ currency_symbol: '€', currency_code: 'EUR' });
  });

  it('gives the pages the new site name, search title and brand colour on the next read after a save', async () => {
    const english = { code: 'en', isRtl: false, strings: en };
    const t = createTranslator(english, english);
    const identity = async () => {
      const settings = await getPublicSettings(db());
      return {
        name: siteName(settings.company_name, t),
        title: settings.seo_title,
        description: settings.seo_description,
        stylesheet: brandStylesheetPath(settings.svg_clr),
      };
    };
    // Read (and so cached) before the save: the save must drop it.
    const before = await identity();
    expect(before.name).toBe('Property Marketplace');
    const res = await save({
      company_name: 'Casa QA Realty',
      seo_title: 'Casa QA Realty: homes to buy and rent',
      seo_description: 'Homes, flats and land from Casa QA Realty, checked by our team before they go live.',
      svg_clr: '#AA2200',
    });
    expect(res.status).toBe(200);
    expect(await identity()).toEqual({
      name: 'Casa QA Realty',
      title: 'Casa QA Realty: homes to buy and rent',
      description: 'Homes, flats and land from Casa QA Realty, checked by our team before they go live.',
      stylesheet: `/theme/aa2200.v${THEME_VERSION}.css`,
    });
    expect(brandStylesheet(`aa2200.v${THEME_VERSION}.css`)).toContain('--brand:#aa2200;');

    const tooLong = await save({ seo_title: 'x'.repeat(61), seo_description: 'y'.repeat(161), company_name: ' ' });
    expect(tooLong.status).toBe(422);
    expect(Object.keys(tooLong.body.data.fields).sort()).toEqual(['company_name', 'seo_description', 'seo_title']);
    expect((await identity()).name).toBe('Casa QA Realty');

    // Back to the seeded name: the translated one again; the shipped colour needs no stylesheet.
    expect((await save({ company_name: 'Property Marketplace', svg_clr: '#087c7c' })).status).toBe(200);
    expect(await identity()).toMatchObject({ name: 'Property Marketplace', stylesheet: null });
  });

  it('refuses a currency code of the right shape that is no currency', async () => {
    for (const code of ['XYZ', 'QQQ']) {
      const res = await save({ currency_code: code });
      expect(res.status, code).toBe(422);
      expect(res.body.data.fields.currency_code).toEqual([
        'Enter the ISO 4217 code of a currency, such as USD or EUR.',
      ]);
    }
    expect((await save({ currency_code: 'jpy' })).status).toBe(200);
    expect((await save({ currency_code: 'USD' })).status).toBe(200);
  });

  it('refuses bad input with a message per field and changes nothing', async () => {
    const before = await countAuditRows(db());
    const res = await save({
      svg_clr: 'teal',
      currency_code: 'EURO',
      web_placeholder_logo: 'javascript:alert(1)',
      company_email: 'nope',
      demo_mode: 'maybe',
      nonsense: 1,
    });
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      svg_clr: ['Enter a colour as # and six hex digits, such as #087c7c.'],
      currency_code: ['Enter the ISO 4217 code of a currency, such as USD or EUR.'],
      web_placeholder_logo: ['Enter a web address starting with http:// or https://, or a path starting with /.'],
      company_email: ['Enter a valid email address.'],
      demo_mode: ['This value is not valid.'],
      nonsense: ['There is no such setting.'],
    });
    expect(await countAuditRows(db())).toBe(before);
  });

  it('keeps secrets write-only: an empty value keeps them, clear removes them, the audit never holds them', async () => {
    expect((await save({ paystack_secret_key: 'sk_test_abc', paypal_client_secret: 'pp-secret' })).status).toBe(200);
    expect(await setting('paystack_secret_key')).toMatchObject({ value: 'sk_test_abc', isSecret: true });
    const audit = await latestAudit();
    expect(JSON.stringify(audit)).not.toContain('sk_test_abc');
    expect(audit.after).toEqual({ paystack_secret_key: '(secret set)', paypal_client_secret: '(secret set)' });
    // Not among the public settings.
    expect(JSON.stringify((await app.call('GET', '/api/web-settings')).body)).not.toContain('sk_test_abc');

    await save({ paystack_secret_key: '' });
    expect((await setting('paystack_secret_key'))?.value).toBe('sk_test_abc');
    const cleared = await save({ clear: ['paystack_secret_key'] });
    expect(cleared.status).toBe(200);
    expect(await setting('paystack_secret_key')).toBeUndefined();
    expect((await latestAudit()).after).toEqual({ paystack_secret_key: '(not set)' });
    expect((await save({ clear: 'currency_code' })).status).toBe(422);
  });

  it('reads form posts: checkboxes after hidden zeros, payment methods and the home section order', async () => {
    const form = new FormData();
    for (const [k, v] of [
      ['payment_methods.stripe', '0'],
      ['payment_methods.stripe', '1'],
      ['payment_methods.bank_transfer', '0'],
      ['home_sections.cities', '1'],
      ['home_sections.featured', '2'],
    ])
      form.append(k!, v!);
    expect((await app.call('POST', '/api/admin/settings', { token: admin, body: form })).status).toBe(200);
    expect((await setting('payment_methods'))?.value).toEqual({
      stripe: true,
      paypal: false,
      paystack: false,
      flutterwave: false,
      razorpay: false,
      bank_transfer: false,
    });
    const order = (await setting('home_sections'))?.value as string[];
    expect(order.slice(0, 2)).toEqual(['cities', 'featured']);
    expect(order).toHaveLength(9);
  });

  it('sanitises page content on save', async () => {
    await save({ about_us: '<p>Hi</p><script>alert(1)</script><img src=x onerror=alert(1)>' });
    expect((await setting('about_us'))?.value).not.toMatch(/script|onerror/);
  });

  it('is refused in demo mode', async () => {
    await setSetting(db(), 'demo_mode', true);
    try {
      const res = await save({ currency_symbol: '£' });
      expect(res.status).toBe(403);
      expect(res.body.data.code).toBe('demo_mode');
      expect((await setting('currency_symbol'))?.value).toBe('€');
    } finally {
      await setSetting(db(), 'demo_mode', false);
    }
  });
});
