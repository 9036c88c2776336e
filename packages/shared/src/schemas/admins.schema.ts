import { z } from 'zod';

/** Admin roles (issue 24): an owner does everything; staff reads, exports, messages attendees and resends confirmations. */
export const ADMIN_ROLES = ['owner', 'staff'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];
export const adminRoleSchema = z.enum(ADMIN_ROLES, { error: 'Choose owner or staff' });

export const ADMIN_ROLE_LABELS: Record<AdminRole, string> = { owner: 'Owner', staff: 'Staff' };

export const ADMINS_MESSAGES = {
  ownerOnly: 'Only an owner can do this. Ask an owner of this account.',
  lastOwner: 'There must always be at least one owner: make another admin an owner first.',
  notFound: 'Admin not found',
} as const;

/** One admin in the Settings list (GET /api/admin/users). */
export const adminUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: adminRoleSchema,
  created_at: z.string(),
  last_sign_in_at: z.string().nullable(),
  two_factor: z.boolean(),
  active_sessions: z.number(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
export const adminUserListSchema = z.object({ items: z.array(adminUserSchema) });

/** PATCH /api/admin/users/:id */
export const updateAdminSchema = z.object({ role: adminRoleSchema });
export type UpdateAdminInput = z.infer<typeof updateAdminSchema>;
