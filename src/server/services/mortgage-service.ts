import { calculateMortgage, monthlySchedule, yearlySchedule } from '../../lib/mortgage.ts';
import { mortgageQuerySchema } from '../../lib/validation/mortgage.ts';
import type { SessionUser } from '../auth/session-user.ts';
import type { Database } from '../db/client.ts';
import { hasPackageFeature } from './package-service.ts';

/**
 * mortgage-calculator: the EMI summary for anyone; the yearly and monthly amortisation tables (show_all_details)
 * only for holders of the mortgage_calculator_detail package feature. A failed check counts as not available.
 */
export async function mortgageCalculation(db: Database, viewer: SessionUser | null, query: unknown) {
  const input = mortgageQuerySchema.parse(query);
  const loan = {
    loanAmount: input.loan_amount,
    downPayment: input.down_payment,
    interestRate: input.interest_rate,
    loanTermYears: input.loan_term_years,
  };
  const result = calculateMortgage(loan);
  const detailsAllowed = input.show_all_details && (await hasPackageFeature(db, viewer, 'mortgage_calculator_detail'));
  return {
    principal_amount: result.principal,
    monthly_emi: result.monthlyEmi,
    total_interest: result.totalInterest,
    total_payment: result.totalPayment,
    months: result.months,
    details_available: detailsAllowed,
    yearly: detailsAllowed ? yearlySchedule(loan) : null,
    monthly: detailsAllowed ? monthlySchedule(loan) : null,
  };
}
export type MortgageCalculation = Awaited<ReturnType<typeof mortgageCalculation>>;
