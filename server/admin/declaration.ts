import { z } from 'zod';

/**
 * The back office is generated from one declaration per resource (`server/modules/<resource>/admin.ts`).
 * A declaration is pure data plus zod schemas, so the server (routes, validation, audit, orphan checks)
 * and the react-admin front end (List, Show, Edit, Create) read the very same object.
 *
 * This file and every `admin.ts` may import only `zod` and other schema/admin files (ESLint enforces it):
 * the admin bundle imports them.
 */

export type FieldKind =
  | 'text'
  | 'longText'
  | 'number'
  | 'percent'
  /** Integer paise, shown as rupees (₹1,234.50). */
  | 'money'
  | 'boolean'
  | 'select'
  | 'reference'
  | 'references'
  | 'time'
  | 'datetime'
  | 'password'
  | 'json'
  | 'document'
  /** A list of short texts (text[]), e.g. an outlet's cuisines. */
  | 'tags';

/**
 * A `document` field holds a storage key (`gstCertificateKey`); the back office reads the file at
 * `/api/admin/<resource>/<id>/documents/<name>`, the field's name without `Key` (`gstCertificate`).
 * Documents may be private, so they are never linked through `/uploads`.
 */
export function documentNameOf(source: string): string {
  return source.replace(/Key$/, '');
}

export function documentPathOf(resource: string, id: string | number, source: string): string {
  return `/api/admin/${encodeURIComponent(resource)}/${encodeURIComponent(String(id))}/documents/${encodeURIComponent(documentNameOf(source))}`;
}

export interface Choice {
  id: string | number;
  name: string;
}

export interface FieldSpec {
  kind: FieldKind;
  label?: string;
  /** Target resource for `reference` (one id) and `references` (an array of ids). */
  reference?: string;
  /** Choices for `select`. */
  choices?: readonly Choice[];
  /** Shown, never written: the server drops it from create and update bodies. */
  readOnly?: boolean;
  /** Written on create only (e.g. an initial password); not part of the edit form. */
  createOnly?: boolean;
  /** Written on update only (e.g. a password reset); not part of the create form. */
  editOnly?: boolean;
  /** Not shown on the show page or in lists (e.g. a password). */
  writeOnly?: boolean;
  /** Left out of the generated show page (a hand-written part shows it better, e.g. the audit diff). */
  hiddenInShow?: boolean;
  /** Show the input only while the form's values match, e.g. `{ isMaster: false }`. */
  visibleWhen?: Record<string, unknown>;
  /** Filter applied to the choices of a `reference`/`references` input, e.g. `{ isMaster: true }`. */
  referenceFilter?: Record<string, unknown>;
  helperText?: string;
}

/** A delete is refused while rows in `table` still point at the record (an explanation, not an FK error). */
export interface OrphanGuard {
  /** What the dependants are called in the message, plural: "payments". */
  label: string;
  table: string;
  /** Column of `table` holding the record's id, or, with `via`, the id of the intermediate row. */
  column: string;
  /** Dependants reached through an intermediate table, e.g. payments → orders → outlet. */
  via?: { table: string; column: string };
}

export interface FilterSpec {
  kind: 'text' | 'boolean' | 'select' | 'reference' | 'number';
  label?: string;
  reference?: string;
  choices?: readonly Choice[];
  /** Shown without opening the filter menu. */
  alwaysOn?: boolean;
}

export interface AdminResourceDeclaration {
  /** REST path segment, react-admin `<Resource name>` and module folder: plural kebab-case. */
  name: string;
  /** The table behind it. */
  table: string;
  /** Primary key column in camelCase when it is not `id` (records still carry `id`). */
  idColumn?: string;
  label: string;
  /** One record, for titles such as "New outlet"; defaults to the label without its last "s". */
  singularLabel?: string;
  /** Field used when another resource references this one. */
  recordRepresentation: string;
  /** Create body (writable fields). Unknown keys are stripped, so whole records are accepted. */
  createSchema: z.ZodObject;
  /** Update body; defaults to `createSchema.partial()` minus createOnly fields (updateMany sends partial data). */
  updateSchema?: z.ZodObject;
  /** Every field the views show, in form order. */
  fields: Record<string, FieldSpec>;
  list: {
    columns: readonly string[];
    sortable: readonly string[];
    defaultSort?: { field: string; order: 'ASC' | 'DESC' };
    /** Columns searched by the `q` filter (case-insensitive substring). */
    search?: readonly string[];
    filters?: Record<string, FilterSpec>;
  };
  operations: {
    create: boolean;
    update: boolean;
    delete: boolean;
    /** Bulk delete in the list (only where deleting is always safe or guarded). */
    bulkDelete?: boolean;
  };
  /** Columns never sent to the browser. */
  hidden?: readonly string[];
  /** Column set to the acting sales staff id on create. */
  createdByColumn?: string;
  orphanGuards?: readonly OrphanGuard[];
  /** The Edit button shows only on records matching this, e.g. `{ status: 'pending' }` (the server enforces it too). */
  editableWhen?: Record<string, unknown>;
  /** Records of other resources shown on the show page, e.g. an outlet's day discounts (getManyReference). */
  related?: readonly { resource: string; target: string; label: string }[];
  /** Custom actions (`POST /api/admin/<name>/:id/<action>`) with their body schema, served by the server hooks. */
  actions?: Record<string, z.ZodObject>;
}

/** A resource's pages in the back office (react-admin views), as its operations allow them. */
export type AdminView = 'list' | 'show' | 'edit' | 'create';

/** The pages admin/generator/views.tsx renders for a resource; the journeys visit the same (e2e/smoke). */
export function adminViewsOf(d: AdminResourceDeclaration): AdminView[] {
  return ['list', 'show', ...(d.operations.update ? (['edit'] as const) : []), ...(d.operations.create ? (['create'] as const) : [])];
}

export function defineAdminResource<const D extends AdminResourceDeclaration>(declaration: D): D {
  return declaration;
}

/** The update schema a declaration implies: explicit, or every writable non-create-only field, optional. */
export function updateSchemaOf(d: AdminResourceDeclaration): z.ZodObject {
  if (d.updateSchema) return d.updateSchema;
  const createOnly = Object.entries(d.fields)
    .filter(([, f]) => f.createOnly || f.readOnly)
    .map(([k]) => k);
  const mask = Object.fromEntries(createOnly.filter((k) => k in d.createSchema.shape).map((k) => [k, true as const]));
  return d.createSchema.omit(mask as never).partial();
}

const idValue = z.coerce.number().int().positive();
const idOrIds = z.union([idValue, z.array(idValue).max(1000)]);

/** The list filter schema a declaration implies: `q`, `id` (getMany) and each declared filter; unknown keys → 400. */
export function filterSchemaOf(d: AdminResourceDeclaration): z.ZodObject {
  const shape: Record<string, z.ZodType> = { id: idOrIds.optional() };
  if (d.list.search?.length) shape.q = z.string().max(100).optional();
  for (const [key, f] of Object.entries(d.list.filters ?? {})) {
    switch (f.kind) {
      case 'boolean':
        shape[key] = z.boolean().optional();
        break;
      case 'reference':
        shape[key] = idOrIds.nullable().optional();
        break;
      case 'number':
        shape[key] = z.union([z.number(), z.array(z.number()).max(1000)]).optional();
        break;
      case 'select': {
        const ids = (f.choices ?? []).map((c) => c.id);
        const one = z.union([z.string(), z.number()]).refine((v) => ids.includes(v), 'is not one of the choices');
        shape[key] = z.union([one, z.array(one).max(100)]).optional();
        break;
      }
      default:
        shape[key] = z.string().max(200).optional();
    }
  }
  return z.strictObject(shape);
}

export const DAYS_OF_WEEK: readonly Choice[] = [
  { id: 1, name: 'Monday' },
  { id: 2, name: 'Tuesday' },
  { id: 3, name: 'Wednesday' },
  { id: 4, name: 'Thursday' },
  { id: 5, name: 'Friday' },
  { id: 6, name: 'Saturday' },
  { id: 7, name: 'Sunday' },
];

/* Field schemas the declarations share (zod only). Forms send null for emptied inputs. */

export const requiredText = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} is too long`);

/** Optional text: empty or blank becomes null. */
export const optionalText = (label: string, max = 200) =>
  z
    .string()
    .trim()
    .max(max, `${label} is too long`)
    .nullish()
    .transform((v) => (v ? v : null));

export const referenceId = (label: string) =>
  z.coerce.number({ error: `${label} is required` }).int(`${label} is required`).positive(`${label} is required`);

export const optionalReferenceId = z
  .union([z.coerce.number().int().positive(), z.literal('')])
  .nullish()
  .transform((v) => (v === '' || v === undefined ? null : v));

export const percentSchema = (label: string) =>
  z.coerce
    .number({ error: `${label} is required` })
    .min(0, `${label} must be between 0 and 100`)
    .max(100, `${label} must be between 0 and 100`);

/** 'HH:MM' or 'HH:MM:SS', 24-hour, as PostgreSQL `time` accepts it. */
export const timeOfDaySchema = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, `${label}: use 24-hour HH:MM`);

export const slugSchema = z
  .string({ error: 'Slug is required' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug: lowercase letters, digits and single dashes');

/** Turns '' into null before an optional format check. */
export const nullable = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullish()).transform((v) => v ?? null);
