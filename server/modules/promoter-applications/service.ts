import { runtime } from '../../lib/runtime.ts';
import type { CreatePromoterApplicationInput, PromoterApplication } from './schema.ts';

/** Stores a /become-promoter interest form. */
export async function createPromoterApplication(input: CreatePromoterApplicationInput): Promise<PromoterApplication> {
  const { db, now } = runtime();
  const [row] = (await db('promoterApplications')
    .insert({
      name: input.name,
      phoneNumber: input.phoneNumber,
      email: input.email ?? null,
      city: input.city,
      message: input.message ?? null,
      createdAt: now(),
    })
    .returning(['id', 'createdAt'])) as { id: number; createdAt: Date }[];
  return { id: row!.id, createdAt: new Date(row!.createdAt) };
}
