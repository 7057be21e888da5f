/**
 * The loan EMI (equated monthly instalment) calculator of the spec: pure and shared by the server (API and the
 * page without JavaScript) and the calculator script, so both always agree.
 */
export interface MortgageInput {
  loanAmount: number;
  downPayment: number;
  /** Yearly, in percent (6.5 means 6.5 %). */
  interestRate: number;
  /** The spec takes the term in years. */
  loanTermYears: number;
}

export interface AmortisationRow {
  /** Month (1-based) or year (1-based) of the loan. */
  period: number;
  principal: number;
  interest: number;
  balance: number;
}

export interface MortgageResult {
  principal: number;
  monthlyEmi: number;
  totalInterest: number;
  totalPayment: number;
  months: number;
}

export const MORTGAGE_LIMITS = { maxAmount: 1e12, maxRate: 100, maxYears: 50 } as const;

const cents = (value: number) => Math.round(value * 100) / 100;

/** The monthly instalment: P·r·(1+r)^n / ((1+r)^n − 1), or P/n when the rate is 0. */
export function monthlyEmi(principal: number, yearlyRatePercent: number, months: number): number {
  if (principal <= 0 || months <= 0) return 0;
  const r = yearlyRatePercent / 12 / 100;
  if (r === 0) return principal / months;
  const growth = (1 + r) ** months;
  return (principal * r * growth) / (growth - 1);
}

export function calculateMortgage(input: MortgageInput): MortgageResult {
  const principal = Math.max(0, input.loanAmount - input.downPayment);
  const months = Math.round(input.loanTermYears * 12);
  const emi = monthlyEmi(principal, input.interestRate, months);
  const totalPayment = emi * months;
  return {
    principal: cents(principal),
    monthlyEmi: cents(emi),
    totalInterest: cents(totalPayment - principal),
    totalPayment: cents(totalPayment),
    months,
  };
}

/** Month by month, unrounded: interest on the balance, the rest of the instalment repays principal. */
function* months(input: MortgageInput): Generator<AmortisationRow> {
  const principal = Math.max(0, input.loanAmount - input.downPayment);
  const count = Math.round(input.loanTermYears * 12);
  const r = input.interestRate / 12 / 100;
  const emi = monthlyEmi(principal, input.interestRate, count);
  let balance = principal;
  for (let month = 1; month <= count; month++) {
    const interest = balance * r;
    // The last month closes the loan exactly, whatever floating point left over.
    const repaid = month === count ? balance : emi - interest;
    balance = Math.max(0, balance - repaid);
    yield { period: month, principal: repaid, interest, balance };
  }
}

const rounded = (row: AmortisationRow): AmortisationRow => ({
  period: row.period,
  principal: cents(row.principal),
  interest: cents(row.interest),
  balance: cents(row.balance),
});

export function monthlySchedule(input: MortgageInput): AmortisationRow[] {
  return [...months(input)].map(rounded);
}

/** The monthly schedule summed per year of the loan (sums of unrounded months, rounded once). */
export function yearlySchedule(input: MortgageInput): AmortisationRow[] {
  const years: AmortisationRow[] = [];
  for (const month of months(input)) {
    const index = Math.ceil(month.period / 12) - 1;
    const year = (years[index] ??= { period: index + 1, principal: 0, interest: 0, balance: 0 });
    year.principal += month.principal;
    year.interest += month.interest;
    year.balance = month.balance;
  }
  return years.map(rounded);
}

/** The example loan the calculator opens with, and the terms a listing's monthly estimate assumes. */
export const MORTGAGE_DEFAULTS = { downPaymentPercent: 20, interestRate: 6.5, loanTermYears: 25 } as const;

/** A price on the default terms: the calculator's query (its fields, as the form sends them) and the instalment. */
export function defaultMortgageFor(price: number) {
  const downPayment = cents((price * MORTGAGE_DEFAULTS.downPaymentPercent) / 100);
  const { monthlyEmi } = calculateMortgage({
    loanAmount: price,
    downPayment,
    interestRate: MORTGAGE_DEFAULTS.interestRate,
    loanTermYears: MORTGAGE_DEFAULTS.loanTermYears,
  });
  const query = new URLSearchParams({
    loan_amount: String(price),
    down_payment: String(downPayment),
    interest_rate: String(MORTGAGE_DEFAULTS.interestRate),
    loan_term_years: String(MORTGAGE_DEFAULTS.loanTermYears),
  });
  return { monthlyEmi, downPayment, query };
}
