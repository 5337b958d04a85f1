import { describe, expect, it } from 'vitest';
import { filterSchemaOf, updateSchemaOf } from './declaration.ts';
import { ADMIN_RESOURCES } from './resources.ts';
import { bindAdminResources } from './registry.ts';
import { MODULES } from '../modules/index.ts';

/** The declarations are data: check they hang together, so a typo fails here rather than in a browser. */
describe('admin resource declarations', () => {
  const names = ADMIN_RESOURCES.map((d) => d.name);

  it('have unique kebab-case names, each bound on the server', () => {
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(?:-[a-z]+)*$/);
    expect(bindAdminResources(MODULES).map((b) => b.declaration.name)).toEqual(names);
  });

  it.each(ADMIN_RESOURCES.map((d) => [d.name, d] as const))('%s: columns, references, filters and related lists resolve', (_n, d) => {
    for (const c of d.list.columns) expect(d.fields, `${d.name} column ${c}`).toHaveProperty(c);
    expect(d.fields).toHaveProperty(d.recordRepresentation);
    for (const [k, f] of Object.entries(d.fields)) {
      if (f.reference) expect(names, `${d.name}.${k}`).toContain(f.reference);
      if (f.kind === 'select') expect(f.choices?.length, `${d.name}.${k}`).toBeGreaterThan(0);
      // A writable field must be in the create or update schema, or the server would drop it.
      if (!f.readOnly) {
        const inCreate = k in d.createSchema.shape;
        const inUpdate = k in updateSchemaOf(d).shape;
        expect(inCreate || inUpdate, `${d.name}.${k} is writable but in no schema`).toBe(true);
      }
    }
    for (const [k, f] of Object.entries(d.list.filters ?? {})) {
      if (f.reference) expect(names, `${d.name} filter ${k}`).toContain(f.reference);
    }
    const filters = Object.keys(filterSchemaOf(d).shape);
    expect(filters).toContain('id');
    expect(filters.includes('q')).toBe(Boolean(d.list.search?.length));
    for (const r of d.related ?? []) {
      const other = ADMIN_RESOURCES.find((x) => x.name === r.resource);
      expect(other, `${d.name} related ${r.resource}`).toBeDefined();
      expect(Object.keys(filterSchemaOf(other!).shape), `${r.resource} must filter by ${r.target}`).toContain(r.target);
    }
  });

  it('update schemas never accept read-only fields', () => {
    for (const d of ADMIN_RESOURCES) {
      for (const [k, f] of Object.entries(d.fields)) {
        if (f.readOnly) expect(Object.keys(updateSchemaOf(d).shape), `${d.name}.${k}`).not.toContain(k);
      }
    }
  });
});
