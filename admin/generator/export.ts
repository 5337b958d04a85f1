import { downloadCSV, type Exporter, type RaRecord } from 'react-admin';
import { csvRupees, toCsv, type CsvValue } from '@server/lib/csv';
import type { AdminResourceDeclaration, FieldSpec } from '@server/admin/declaration';
import { labelOf } from './fields';

/**
 * The Export button of every generated list (views.tsx gives it to each <List>): the records through
 * the one CSV writer (server/lib/csv.ts, shared with the owners' settlement report), never
 * react-admin's default exporter, which writes text as it is. Shopper- and public-supplied text
 * (a support ticket's subject, a business application's name) that starts like a formula is
 * neutralised; numbers stay numbers.
 *
 * The columns come from the declaration: every field the back office shows (not `writeOnly` ones such
 * as passwords), in the declaration's order, headed by their labels.
 */

type Column = { source: string; header: string; value: (record: RaRecord) => CsvValue };

function valueOf(spec: FieldSpec, value: unknown): CsvValue {
  if (value === null || value === undefined) return null;
  switch (spec.kind) {
    case 'number':
    case 'percent':
      return typeof value === 'number' ? value : String(value);
    case 'money':
      return Number.isSafeInteger(value) ? csvRupees(value as number) : String(value);
    case 'reference':
      return typeof value === 'number' ? value : String(value);
    case 'boolean':
      return typeof value === 'boolean' ? value : String(value);
    case 'select':
      return String(spec.choices?.find((choice) => choice.id === value)?.name ?? value);
    case 'references':
    case 'tags':
      return Array.isArray(value) ? value.map(String).join(', ') : String(value);
    case 'json':
      return typeof value === 'string' ? value : JSON.stringify(value);
    default:
      return typeof value === 'string' ? value : typeof value === 'number' ? value : JSON.stringify(value);
  }
}

export function exportColumns(d: AdminResourceDeclaration): Column[] {
  return Object.entries(d.fields)
    .filter(([, spec]) => !spec.writeOnly && spec.kind !== 'password')
    .map(([source, spec]) => ({
      source,
      header: spec.kind === 'money' ? `${labelOf(source, spec)} (INR)` : labelOf(source, spec),
      value: (record: RaRecord) => valueOf(spec, record[source]),
    }));
}

/** The CSV of `records` as the resource's Export writes it. */
export function csvOfRecords(d: AdminResourceDeclaration, records: readonly RaRecord[]): string {
  const columns = exportColumns(d);
  return toCsv(
    columns.map((c) => c.header),
    records.map((record) => columns.map((c) => c.value(record))),
  );
}

/** The exporter given to the resource's <List>: downloads `<resource>.csv`. */
export function exporterFor(d: AdminResourceDeclaration): Exporter {
  return (records: RaRecord[]) => downloadCSV(csvOfRecords(d, records), d.name);
}
