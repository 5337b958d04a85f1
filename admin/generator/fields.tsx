import type { ReactElement } from 'react';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  ChipField,
  DateField,
  FormDataConsumer,
  FunctionField,
  NumberField,
  NumberInput,
  PasswordInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectField,
  SelectInput,
  SingleFieldList,
  TextArrayField,
  TextArrayInput,
  TextField,
  TextInput,
  type RaRecord,
} from 'react-admin';
import type { FieldSpec, FilterSpec } from '@server/admin/declaration';
import { DocumentField } from './document-field';
import { JsonField } from './json-field';

/** "addressLineTwo" → "Address line two": react-admin's own humanising, made explicit for tests. */
export function labelOf(source: string, spec?: { label?: string }): string {
  if (spec?.label) return spec.label;
  const words = source.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const percent = (v: unknown) => (v === null || v === undefined || v === '' ? '' : `${Number(v)}%`);
const rupees = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
/** Integer paise → '₹1,234.50'. */
export const money = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : rupees.format(Number(v) / 100));

/** The read-only view of one field (list columns and show pages). */
export function fieldFor(source: string, spec: FieldSpec, options: { sortable?: boolean } = {}): ReactElement {
  const common = { source, label: labelOf(source, spec), sortable: options.sortable ?? false };
  switch (spec.kind) {
    case 'number':
      return <NumberField key={source} {...common} options={{ maximumFractionDigits: 6, useGrouping: source !== 'id' }} />;
    case 'percent':
      return <FunctionField key={source} {...common} render={(r: RaRecord) => percent(r[source])} />;
    case 'money':
      return <FunctionField key={source} {...common} textAlign="right" render={(r: RaRecord) => money(r[source])} />;
    case 'boolean':
      return <BooleanField key={source} {...common} />;
    case 'select':
      return <SelectField key={source} {...common} choices={[...(spec.choices ?? [])]} />;
    case 'reference':
      return <ReferenceField key={source} {...common} reference={spec.reference!} link="show" emptyText="—" />;
    case 'references':
      return (
        <ReferenceArrayField key={source} {...common} reference={spec.reference!}>
          <SingleFieldList linkType="show">
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      );
    case 'datetime':
      return <DateField key={source} {...common} showTime locales="en-IN" emptyText="—" />;
    case 'time':
      return <FunctionField key={source} {...common} render={(r: RaRecord) => String(r[source] ?? '').slice(0, 5)} />;
    case 'json':
      return <JsonField key={source} {...common} />;
    case 'document':
      return <DocumentField key={source} {...common} />;
    case 'longText':
      return <TextField key={source} {...common} sx={{ whiteSpace: 'pre-wrap' }} />;
    case 'tags':
      return <TextArrayField key={source} {...common} emptyText="—" />;
    default:
      return <TextField key={source} {...common} emptyText="—" />;
  }
}

/** The input of one writable field (create and edit forms), shown only while `visibleWhen` holds. */
export function inputFor(source: string, spec: FieldSpec): ReactElement {
  const input = bareInputFor(source, spec);
  const when = spec.visibleWhen;
  if (!when) return input;
  return (
    <FormDataConsumer key={source}>
      {({ formData }) =>
        Object.entries(when).every(([k, v]) => (formData as Record<string, unknown>)?.[k] === v) ? input : null
      }
    </FormDataConsumer>
  );
}

function bareInputFor(source: string, spec: FieldSpec): ReactElement {
  const common = { source, label: labelOf(source, spec), helperText: spec.helperText ?? false };
  switch (spec.kind) {
    case 'number':
      return <NumberInput key={source} {...common} />;
    case 'percent':
      return <NumberInput key={source} {...common} min={0} max={100} step={0.5} />;
    case 'boolean':
      return <BooleanInput key={source} {...common} helperText={spec.helperText} />;
    case 'select':
      return <SelectInput key={source} {...common} choices={[...(spec.choices ?? [])]} />;
    case 'reference':
      return (
        <ReferenceInput key={source} source={source} reference={spec.reference!} filter={spec.referenceFilter}>
          <AutocompleteInput label={common.label} helperText={common.helperText} />
        </ReferenceInput>
      );
    case 'references':
      return (
        <ReferenceArrayInput key={source} source={source} reference={spec.reference!} filter={spec.referenceFilter}>
          <AutocompleteArrayInput label={common.label} helperText={common.helperText} />
        </ReferenceArrayInput>
      );
    case 'password':
      return <PasswordInput key={source} {...common} autoComplete="new-password" />;
    case 'time':
      return <TextInput key={source} {...common} type="time" />;
    case 'longText':
      return <TextInput key={source} {...common} multiline minRows={3} />;
    case 'tags':
      return <TextArrayInput key={source} {...common} helperText={spec.helperText ?? 'Type one and press Enter'} />;
    default:
      return <TextInput key={source} {...common} />;
  }
}

/** A list filter; `q` is the search box. */
export function filterInputFor(source: string, spec: FilterSpec): ReactElement {
  const common = { source, label: labelOf(source, spec), alwaysOn: spec.alwaysOn };
  switch (spec.kind) {
    case 'boolean':
      return <BooleanInput key={source} {...common} />;
    case 'select':
      return <SelectInput key={source} {...common} choices={[...(spec.choices ?? [])]} />;
    case 'reference':
      return (
        <ReferenceInput key={source} {...common} reference={spec.reference!}>
          <AutocompleteInput label={common.label} />
        </ReferenceInput>
      );
    case 'number':
      return <NumberInput key={source} {...common} />;
    default:
      return <TextInput key={source} {...common} />;
  }
}

export const searchInput = <SearchInput source="q" alwaysOn key="q" placeholder="Search" />;
