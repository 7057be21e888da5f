import { createRoute, z } from '@hono/zod-openapi';
import { getWebSettings } from '../../services/web-settings-service.ts';
import { ok, replies } from '../envelope.ts';
import { newRouter } from '../router.ts';

const webSettingsReply = z
  .object({
    company_name: z.string(),
    currency_symbol: z.string(),
    currency_code: z.string(),
    selected_currency_data: z.object({ code: z.string(), symbol: z.string() }),
    number_with_suffix: z.boolean(),
    svg_clr: z.string(),
    web_placeholder_logo: z.string(),
    appstore_id: z.string(),
    playstore_id: z.string(),
    stripe_publishable_key: z.string(),
    paystack_public_key: z.string(),
    verification_required_for_user: z.boolean(),
    demo_mode: z.boolean(),
    maps_api_key: z.string(),
    is_premium: z.boolean().openapi({
      description:
        "Whether the caller sees premium listings' details: a running package with premium_properties, or an " +
        'admin. Always false for a visitor.',
    }),
    verification_status: z
      .enum(['initial', 'pending', 'success', 'failed'])
      .nullable()
      .openapi({
        description:
          "The caller's agent verification: initial (never applied), pending, success or failed. null for a " +
          'visitor (no token): there is no account to verify.',
      }),
    languages: z
      .array(
        z.object({
          code: z.string(),
          name: z.string(),
          native_name: z.string().openapi({ description: 'The name in the language itself, as a menu shows it' }),
          direction: z.enum(['ltr', 'rtl']),
        }),
      )
      .openapi({ description: 'The active languages, for a language menu' }),
    default_language: z.string().openapi({ description: 'The code of the language a visitor gets by default' }),
  })
  .catchall(z.unknown())
  .openapi('WebSettings');

const webSettings = createRoute({
  method: 'get',
  path: '/web-settings',
  tags: ['settings'],
  summary: 'Public site settings (currency, colours, feature switches, languages); public keys only',
  description:
    'The token is optional: with one, `verification_status` and `is_premium` are the caller’s own; without one ' +
    'they are null and false.',
  responses: replies(webSettingsReply, 'Settings'),
});

export const settingsRoutes = newRouter().openapi(webSettings, async (c) =>
  ok(c, await getWebSettings(c.var.db, c.var.user)),
);
