import type { Context } from 'hono';
import type { ClientInfo } from '../services/account-service.ts';
import type { ApiEnv } from './context.ts';

/** Who is calling, for rate limits and session records: the client address (see TRUST_PROXY) and user agent. */
export const clientInfo = (c: Context<ApiEnv>): ClientInfo => ({
  ip: c.var.clientIp,
  userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
});
