import { z } from 'zod';

export const salesLoginSchema = z.object({
  username: z
    .string({ error: 'Username is required' })
    .trim()
    .min(1, 'Username is required')
    .max(100, 'Username is too long'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(200, 'Password is too long'),
});
export type SalesLoginInput = z.infer<typeof salesLoginSchema>;

export const salesStaffSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
});
export type SalesStaffIdentity = z.infer<typeof salesStaffSchema>;
