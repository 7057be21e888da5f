import { z } from 'zod';
import { MORTGAGE_LIMITS } from '../mortgage.ts';

const amount = (key: string, above = false) => {
  const number = z.coerce.number({ error: key });
  return (above ? number.gt(0, key) : number.min(0, key)).max(MORTGAGE_LIMITS.maxAmount, key);
};

/** The mortgage-calculator query (API and the page's GET form), in the spec's names. */
export const mortgageQuerySchema = z
  .object({
    loan_amount: amount('mortgage.invalid_amount', true),
    down_payment: amount('mortgage.invalid_down_payment').default(0),
    interest_rate: z.coerce
      .number({ error: 'mortgage.invalid_rate' })
      .min(0, 'mortgage.invalid_rate')
      .max(MORTGAGE_LIMITS.maxRate, 'mortgage.invalid_rate'),
    loan_term_years: z.coerce
      .number({ error: 'mortgage.invalid_term' })
      .int('mortgage.invalid_term')
      .min(1, 'mortgage.invalid_term')
      .max(MORTGAGE_LIMITS.maxYears, 'mortgage.invalid_term'),
    show_all_details: z
      .enum(['1', '0', 'true', 'false', 'on', ''])
      .optional()
      .transform((v) => v === '1' || v === 'true' || v === 'on'),
  })
  .refine((v) => v.down_payment < v.loan_amount, { path: ['down_payment'], message: 'mortgage.down_payment_too_big' });
export type MortgageQuery = z.output<typeof mortgageQuerySchema>;
