import { beforeAll, describe, expect, it } from 'vitest';
import { startSession } from '../../src/server/services/session-service.ts';
import { createUser } from '../support/factories.ts';
import { grantPackage } from '../support/packages.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp();
});

const calc = (query: string, token?: string) =>
  app.call('GET', `/api/mortgage-calculator?${query}`, token ? { token } : {});
const loan = 'loan_amount=250000&down_payment=50000&interest_rate=6.5&loan_term_years=30';

async function tokenFor(features: Parameters<typeof grantPackage>[2] | null) {
  const user = await createUser(app.database.db);
  if (features) await grantPackage(app.database.db, [user.id], features);
  return (await startSession(app.database.db, user.id, { userAgent: null, ip: null })).token;
}

describe('mortgage-calculator', () => {
  it('gives anyone the monthly instalment and totals', async () => {
    const res = await calc(loan);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      principal_amount: 200000,
      monthly_emi: 1264.14,
      total_interest: 255088.98,
      total_payment: 455088.98,
      months: 360,
      details_available: false,
      yearly: null,
      monthly: null,
    });
  });

  it('gives the amortisation tables only with the mortgage_calculator_detail feature', async () => {
    expect((await calc(`${loan}&show_all_details=1`)).body.data.details_available).toBe(false);
    const without = await tokenFor({ property_list: 5 });
    expect((await calc(`${loan}&show_all_details=1`, without)).body.data.yearly).toBeNull();
    const holder = await tokenFor({ mortgage_calculator_detail: null });
    const res = await calc(`${loan}&show_all_details=1`, holder);
    expect(res.body.data.details_available).toBe(true);
    expect(res.body.data.yearly).toHaveLength(30);
    expect(res.body.data.monthly).toHaveLength(360);
    expect(res.body.data.monthly[0]).toEqual({ period: 1, principal: 180.8, interest: 1083.33, balance: 199819.2 });
    expect(res.body.data.yearly.at(-1).balance).toBe(0);
    expect((await calc(loan, holder)).body.data.monthly).toBeNull();
  });

  it('handles a 0 % loan', async () => {
    const res = await calc('loan_amount=120000&interest_rate=0&loan_term_years=10');
    expect(res.body.data).toMatchObject({ monthly_emi: 1000, total_interest: 0, total_payment: 120000 });
  });

  it('explains each bad field', async () => {
    const res = await calc('loan_amount=-5&down_payment=abc&interest_rate=101&loan_term_years=2.5');
    expect(res.status).toBe(422);
    expect(res.body.data.fields).toEqual({
      loan_amount: ['Enter an amount above zero, up to 1,000,000,000,000.'],
      down_payment: ['Enter a down payment from zero up to 1,000,000,000,000.'],
      interest_rate: ['Enter a yearly rate from 0 to 100.'],
      loan_term_years: ['Enter a whole number of years from 1 to 50.'],
    });
    const tooBig = await calc('loan_amount=1000&down_payment=1000&interest_rate=5&loan_term_years=5');
    expect(tooBig.body.data.fields).toEqual({ down_payment: ['The down payment must be less than the loan amount.'] });
    expect((await calc('')).status).toBe(422);
  });
});
