import { createRoute, z } from '@hono/zod-openapi';
import { mortgageQuerySchema } from '../../../lib/validation/mortgage.ts';
import { mortgageCalculation } from '../../services/mortgage-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const row = z.object({ period: z.number(), principal: z.number(), interest: z.number(), balance: z.number() });
const mortgageRoute = createRoute({
  method: 'get',
  path: '/mortgage-calculator',
  tags: ['calculators'],
  summary: 'Loan EMI: monthly instalment, total interest and payment; amortisation tables for package holders',
  description:
    'Query: loan_amount, down_payment, interest_rate (yearly %), loan_term_years, show_all_details (1 for the yearly ' +
    'and monthly tables: needs the mortgage_calculator_detail package feature, else details_available is false).',
  request: { query: mortgageQuerySchema },
  responses: replies(
    z.object({
      principal_amount: z.number(),
      monthly_emi: z.number(),
      total_interest: z.number(),
      total_payment: z.number(),
      months: z.number(),
      details_available: z.boolean(),
      yearly: z.array(row).nullable(),
      monthly: z.array(row).nullable(),
    }),
    'Calculation',
  ),
});

export const calculatorRoutes = newRouter().openapi(mortgageRoute, async (c) =>
  ok(c, await mortgageCalculation(c.var.db, c.var.user, c.req.query())),
);
