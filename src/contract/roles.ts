import { z } from 'zod';
import { IdSchema, MethodOverrideSchema, optionalText, requiredText } from './common';
import { PERMISSIONS, type Permission } from './permissions';

export const PermissionSchema = z.enum(PERMISSIONS as [Permission, ...Permission[]], {
  message: 'Not a permission of the catalogue.',
});

export const RoleRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  permissions: z.array(z.string()),
  user_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type RoleRecord = z.infer<typeof RoleRecordSchema>;

export const RoleCreateSchema = z.object({
  id: IdSchema.optional(),
  name: requiredText(80),
  description: optionalText(300),
  permissions: z.array(PermissionSchema).max(PERMISSIONS.length).default([]),
});
export type RoleCreate = z.infer<typeof RoleCreateSchema>;

/** Rename, describe, replace the whole set (`permissions`) or change some (`grant`, `revoke`): the matrix toggles one. */
export const RoleUpdateSchema = MethodOverrideSchema.extend({
  name: requiredText(80).optional(),
  description: optionalText(300),
  permissions: z.array(PermissionSchema).max(PERMISSIONS.length).optional(),
  grant: z.array(PermissionSchema).max(PERMISSIONS.length).optional(),
  revoke: z.array(PermissionSchema).max(PERMISSIONS.length).optional(),
});
export type RoleUpdate = z.infer<typeof RoleUpdateSchema>;

export const PermissionRecordSchema = z.object({ name: z.string(), resource: z.string(), action: z.string() });
export const ROLE_SORT_FIELDS = ['name', 'created_at'] as const;
