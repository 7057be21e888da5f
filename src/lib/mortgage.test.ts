import { describe, expect, it } from 'vitest';
import { calculateMortgage, defaultMortgageFor, monthlyEmi, monthlySchedule, yearlySchedule } from './mortgage.ts';

describe('monthlyEmi', () => {
  it('matches published loan tables', () => {
    // 200,000 at 6.5 % over 30 years: the textbook 1,264.14 a month.
    expect(monthlyEmi(200_000, 6.5, 360)).toBeCloseTo(1264.14, 2);
    // 1,000,000 at 8.5 % over 20 years (an Indian home-loan EMI table): 8,678.23.
    expect(monthlyEmi(1_000_000, 8.5, 240)).toBeCloseTo(8678.23, 2);
    // 10,000 at 12 % over 1 year: 888.49.
    expect(monthlyEmi(10_000, 12, 12)).toBeCloseTo(888.49, 2);
  });

  it('divides evenly at 0 %, and is 0 for nothing borrowed', () => {
    expect(monthlyEmi(120_000, 0, 120)).toBe(1000);
    expect(monthlyEmi(0, 5, 120)).toBe(0);
  });
});

describe('calculateMortgage', () => {
  it('takes the down payment off and totals the interest', () => {
    const result = calculateMortgage({
      loanAmount: 250_000,
      downPayment: 50_000,
      interestRate: 6.5,
      loanTermYears: 30,
    });
    expect(result).toEqual({
      principal: 200_000,
      monthlyEmi: 1264.14,
      totalPayment: 455_088.98,
      totalInterest: 255_088.98,
      months: 360,
    });
  });

  it('has no interest at 0 %', () => {
    expect(
      calculateMortgage({ loanAmount: 120_000, downPayment: 0, interestRate: 0, loanTermYears: 10 }),
    ).toMatchObject({
      monthlyEmi: 1000,
      totalInterest: 0,
      totalPayment: 120_000,
    });
  });
});

describe('amortisation', () => {
  const input = { loanAmount: 10_000, downPayment: 0, interestRate: 12, loanTermYears: 1 };

  it('repays the principal exactly by the last month', () => {
    const rows = monthlySchedule(input);
    expect(rows).toHaveLength(12);
    expect(rows[0]).toEqual({ period: 1, principal: 788.49, interest: 100, balance: 9211.51 });
    expect(rows.at(-1)!.balance).toBe(0);
    const repaid = rows.reduce((sum, r) => sum + r.principal, 0);
    expect(repaid).toBeCloseTo(10_000, 1);
  });

  it('sums months into years', () => {
    const years = yearlySchedule({ ...input, loanTermYears: 2 });
    expect(years.map((y) => y.period)).toEqual([1, 2]);
    expect(years[1]!.balance).toBe(0);
    expect(years[0]!.principal + years[1]!.principal).toBeCloseTo(10_000, 1);
    const zero = yearlySchedule({ ...input, interestRate: 0, loanTermYears: 2 });
    expect(zero.map((y) => y.interest)).toEqual([0, 0]);
    expect(zero.map((y) => y.principal)).toEqual([5000, 5000]);
  });
});

describe('defaultMortgageFor', () => {
  it("gives the calculator's default terms for a price, and their instalment", () => {
    const { monthlyEmi, downPayment, query } = defaultMortgageFor(300_000);
    expect(downPayment).toBe(60_000);
    expect(Object.fromEntries(query)).toEqual({
      loan_amount: '300000',
      down_payment: '60000',
      interest_rate: '6.5',
      loan_term_years: '25',
    });
    expect(monthlyEmi).toBe(
      calculateMortgage({ loanAmount: 300_000, downPayment: 60_000, interestRate: 6.5, loanTermYears: 25 }).monthlyEmi,
    );
    expect(monthlyEmi).toBeCloseTo(1620.5, 0);
  });
});
