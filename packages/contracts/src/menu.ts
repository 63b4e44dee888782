import { z } from 'zod';
import { lazySchema } from './lazy-schema';

export const MENU_POSITIONS = [
  'sidebar-primary',
  'sidebar-secondary',
  'mobile-bottom',
  'landing-page-navbar',
  'footer',
  'footer-secondary',
  'auth-dropdown',
  'auth-page-footer',
  'admin-sidebar',
] as const;

/** Spec 3 "Menu" item; settings map a setting key to the value it must have. */
export const ZMenuItemSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    label: z.string(),
    icon: z.string().nullable().optional(),
    type: z.enum(['link', 'route', 'channel', 'custom_page']),
    action: z.string(),
    target: z.string().nullable().optional(),
    roles: z.array(z.number()).default([]),
    permissions: z.array(z.string()).default([]),
    settings: z.record(z.string(), z.unknown()).default({}),
    subscriptionStatus: z.enum(['subscribed', 'notSubscribed']).nullable().optional(),
    order: z.number().default(0),
  }),
);
export type TMenuItem = z.infer<typeof ZMenuItemSchema>;

export const ZMenuSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    positions: z.array(z.string()),
    items: z.array(ZMenuItemSchema),
  }),
);
export type TMenu = z.infer<typeof ZMenuSchema>;
