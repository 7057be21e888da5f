import { z } from 'zod';

export const roleSchema = z.enum(['user', 'agent', 'admin']);
export type Role = z.infer<typeof roleSchema>;

/** The acting user as services receive it: identity and role, nothing secret. */
export interface SessionUser {
  id: number;
  sessionId: number;
  name: string;
  email: string | null;
  role: Role;
}

export const isAdmin = (user: SessionUser | null): boolean => user?.role === 'admin';
