import { z } from 'zod';

/** A filter value that is one id or a list of ids (react-admin's getMany sends `{"id":[1,2,3]}`). */
export const idFilterSchema = z.union([
  z.coerce.number().int().positive(),
  z.array(z.coerce.number().int().positive()).max(1000),
]);
