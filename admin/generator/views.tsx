import type { ComponentType, ReactElement } from 'react';
import {
  BulkDeleteButton,
  Create,
  CreateButton,
  Datagrid,
  DeleteButton,
  Edit,
  EditButton,
  ExportButton,
  FilterButton,
  List,
  SaveButton,
  Pagination,
  ReferenceManyField,
  Show,
  SimpleForm,
  SimpleList,
  SimpleShowLayout,
  Toolbar,
  TopToolbar,
  useListContext,
  useNotify,
  useRecordContext,
  useRedirect,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import { updateSchemaOf, type AdminResourceDeclaration, type FieldSpec } from '@server/admin/declaration';
import { Typography, useMediaQuery, type Theme } from '@mui/material';
import { fieldFor, filterInputFor, inputFor, searchInput } from './fields';
import { defaultsOf, zodValidate } from './zod-validate';
import { exporterFor } from './export';

/**
 * react-admin views generated from a resource declaration (`server/modules/<resource>/admin.ts`):
 * the same object the server's `/api/admin/<resource>` routes are generated from.
 */

type Entry = [string, FieldSpec];

/** Two columns of inputs on wide screens, one on phones. */
const formGrid = {
  '& > .MuiStack-root': {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' },
    columnGap: 2,
    alignItems: 'start',
    width: '100%',
    maxWidth: 1000,
  },
};
const showGrid = {
  '& .RaSimpleShowLayout-stack': {
    display: 'grid',
    gridTemplateColumns: { xs: '1fr', md: 'repeat(3, minmax(0, 1fr))' },
    columnGap: 3,
  },
};
const entries = (d: AdminResourceDeclaration): Entry[] => Object.entries(d.fields);

const singularOf = (d: AdminResourceDeclaration) => d.singularLabel ?? d.label.replace(/s$/, '');

/**
 * The record a notification names (issue 17: never react-admin's "Element created"): its kind and its
 * representation, `Outlet "Kaapi Katte"`, or its id when it has none.
 */
export function recordName(d: AdminResourceDeclaration, record: Partial<RaRecord> | undefined | null): string {
  const value = record?.[d.recordRepresentation];
  const shown = value === null || value === undefined || value === '' ? `#${String(record?.id ?? '')}` : String(value);
  return `${singularOf(d)} "${shown}"`;
}

/** What a bulk delete says: `3 outlets deleted`, `1 outlet deleted`. */
export function bulkDeletedMessage(d: AdminResourceDeclaration, count: number): string {
  return count === 1 ? `1 ${singularOf(d).toLowerCase()} deleted` : `${count} ${d.label.toLowerCase()} deleted`;
}

function BulkDelete({ d }: { d: AdminResourceDeclaration }) {
  const { selectedIds } = useListContext();
  return <BulkDeleteButton mutationMode="pessimistic" successMessage={bulkDeletedMessage(d, selectedIds.length)} />;
}

/** After a save: says which record, then opens it (react-admin's default would say "Element updated"). */
function useSavedNotice(d: AdminResourceDeclaration, verb: 'created' | 'updated') {
  const notify = useNotify();
  const redirect = useRedirect();
  return (data: RaRecord) => {
    notify(`${recordName(d, data)} ${verb}`, { type: 'info' });
    redirect('show', d.name, data.id, data);
  };
}

export function listColumns(d: AdminResourceDeclaration): ReactElement[] {
  return d.list.columns.map((source) => {
    const spec = d.fields[source];
    if (!spec) throw new Error(`${d.name}: list column "${source}" is not a declared field`);
    return fieldFor(source, spec, { sortable: d.list.sortable.includes(source) });
  });
}

export function listFilters(d: AdminResourceDeclaration): ReactElement[] {
  const filters = Object.entries(d.list.filters ?? {}).map(([source, spec]) => filterInputFor(source, spec));
  return d.list.search?.length ? [searchInput, ...filters] : filters;
}

/** Inputs of a form: writable fields, minus create-only ones on edit and edit-only ones on create. */
export function formInputs(d: AdminResourceDeclaration, mode: 'create' | 'edit'): ReactElement[] {
  return entries(d)
    .filter(([, f]) => !f.readOnly && !(mode === 'edit' && f.createOnly) && !(mode === 'create' && f.editOnly))
    .map(([source, spec]) => inputFor(source, spec));
}

export function showFields(d: AdminResourceDeclaration): ReactElement[] {
  return entries(d)
    .filter(([, f]) => !f.writeOnly && !f.hiddenInShow)
    .map(([source, spec]) => fieldFor(source, spec));
}

function ListActions({ d }: { d: AdminResourceDeclaration }) {
  return (
    <TopToolbar>
      {d.list.filters && Object.keys(d.list.filters).length > 0 ? <FilterButton /> : null}
      {d.operations.create ? <CreateButton /> : null}
      <ExportButton />
    </TopToolbar>
  );
}

/** Phones get a simple list: the record's name, then its next plain-text columns. */
function secondaryText(d: AdminResourceDeclaration) {
  const plain = d.list.columns.filter(
    (c) => c !== d.recordRepresentation && ['text', 'select', 'number'].includes(d.fields[c]?.kind ?? '') && c !== 'id',
  );
  return (record: Record<string, unknown>) =>
    plain
      .slice(0, 2)
      .map((c) => {
        const spec = d.fields[c]!;
        const v = record[c];
        return spec.kind === 'select' ? (spec.choices?.find((x) => x.id === v)?.name ?? v) : v;
      })
      .filter((v) => v !== null && v !== undefined && v !== '')
      .join(' · ');
}

export function makeList(d: AdminResourceDeclaration): ComponentType {
  const columns = listColumns(d);
  const filters = listFilters(d);
  const secondary = secondaryText(d);
  const exporter = exporterFor(d);
  function GeneratedList() {
    const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
    return (
      <List
        sort={d.list.defaultSort ?? { field: 'id', order: 'ASC' }}
        perPage={25}
        filters={filters.length ? filters : undefined}
        actions={<ListActions d={d} />}
        exporter={exporter}
        title={d.label}
      >
        {isSmall ? (
          <SimpleList
            primaryText={(r) => String(r[d.recordRepresentation] ?? r.id)}
            secondaryText={secondary}
            linkType="show"
          />
        ) : (
          <Datagrid
            rowClick="show"
            bulkActionButtons={d.operations.bulkDelete ? <BulkDelete d={d} /> : false}
          >
            {columns}
          </Datagrid>
        )}
      </List>
    );
  }
  GeneratedList.displayName = `${d.name}List`;
  return GeneratedList;
}

function ShowActions({ d }: { d: AdminResourceDeclaration }) {
  const record = useRecordContext();
  const editable =
    d.operations.update && Object.entries(d.editableWhen ?? {}).every(([k, v]) => record?.[k] === v);
  return <TopToolbar>{editable ? <EditButton /> : null}</TopToolbar>;
}

function Title({ d }: { d: AdminResourceDeclaration }) {
  const record = useRecordContext();
  const name = d.singularLabel ?? d.label;
  return <span>{record ? `${name}: ${String(record[d.recordRepresentation] ?? record.id)}` : name}</span>;
}

/** Another resource's records that point at this one, with that resource's own list columns. */
function relatedSections(d: AdminResourceDeclaration, resolve?: (name: string) => AdminResourceDeclaration | undefined) {
  return (d.related ?? []).flatMap(({ resource, target, label }) => {
    const other = resolve?.(resource);
    if (!other) return [];
    return [
      <div key={`${resource}.${target}`} style={{ padding: '8px 16px 16px' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {label}
        </Typography>
        <ReferenceManyField
          reference={resource}
          target={target}
          perPage={10}
          pagination={<Pagination rowsPerPageOptions={[10]} />}
          sort={other.list.defaultSort ?? { field: 'id', order: 'ASC' }}
          empty={<Typography color="text.secondary">None yet.</Typography>}
        >
          <Datagrid rowClick="show" bulkActionButtons={false}>
            {listColumns(other).filter((c) => (c.props as { source?: string }).source !== target)}
          </Datagrid>
        </ReferenceManyField>
      </div>,
    ];
  });
}

export function makeShow(
  d: AdminResourceDeclaration,
  extra?: ComponentType,
  resolve?: (name: string) => AdminResourceDeclaration | undefined,
): ComponentType<{ id?: Identifier }> {
  const fields = showFields(d);
  const related = relatedSections(d, resolve);
  const Extra = extra;
  function GeneratedShow({ id }: { id?: Identifier }) {
    return (
      <Show id={id} actions={<ShowActions d={d} />} title={<Title d={d} />}>
        <SimpleShowLayout sx={showGrid}>{fields}</SimpleShowLayout>
        {Extra ? <Extra /> : null}
        {related}
      </Show>
    );
  }
  GeneratedShow.displayName = `${d.name}Show`;
  return GeneratedShow;
}

function EditToolbar({ d }: { d: AdminResourceDeclaration }) {
  const record = useRecordContext();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {d.operations.delete ? <DeleteButton mutationMode="pessimistic" successMessage={`${recordName(d, record)} deleted`} /> : null}
    </Toolbar>
  );
}

export function makeEdit(d: AdminResourceDeclaration): ComponentType<{ id?: Identifier }> {
  const inputs = formInputs(d, 'edit');
  const validate = zodValidate(updateSchemaOf(d));
  function GeneratedEdit({ id }: { id?: Identifier }) {
    const onSuccess = useSavedNotice(d, 'updated');
    return (
      <Edit id={id} mutationMode="pessimistic" title={<Title d={d} />} redirect="show" mutationOptions={{ onSuccess }}>
        <SimpleForm validate={validate} toolbar={<EditToolbar d={d} />} sx={formGrid}>
          {inputs}
        </SimpleForm>
      </Edit>
    );
  }
  GeneratedEdit.displayName = `${d.name}Edit`;
  return GeneratedEdit;
}

export function makeCreate(d: AdminResourceDeclaration): ComponentType {
  const inputs = formInputs(d, 'create');
  const validate = zodValidate(d.createSchema);
  const defaults = defaultsOf(d.createSchema);
  function GeneratedCreate() {
    const onSuccess = useSavedNotice(d, 'created');
    return (
      <Create mutationMode="pessimistic" title={`New ${singularOf(d).toLowerCase()}`} redirect="show" mutationOptions={{ onSuccess }}>
        <SimpleForm validate={validate} defaultValues={defaults} sx={formGrid}>
          {inputs}
        </SimpleForm>
      </Create>
    );
  }
  GeneratedCreate.displayName = `${d.name}Create`;
  return GeneratedCreate;
}

export interface ResourceViews {
  list: ComponentType;
  show: ComponentType;
  edit?: ComponentType;
  create?: ComponentType;
  recordRepresentation: string;
  options: { label: string };
}

/** Everything `<Resource>` needs, generated; any view can be replaced by a hand-written one. */
export function generateResource(
  d: AdminResourceDeclaration,
  overrides: Partial<Pick<ResourceViews, 'list' | 'show' | 'edit' | 'create'>> & {
    showExtra?: ComponentType;
    /** Finds another resource's declaration (for the related lists on show pages). */
    resolve?: (name: string) => AdminResourceDeclaration | undefined;
  } = {},
): ResourceViews {
  return {
    list: overrides.list ?? makeList(d),
    show: overrides.show ?? makeShow(d, overrides.showExtra, overrides.resolve),
    edit: d.operations.update ? (overrides.edit ?? makeEdit(d)) : undefined,
    create: d.operations.create ? (overrides.create ?? makeCreate(d)) : undefined,
    recordRepresentation: d.recordRepresentation,
    options: { label: d.label },
  };
}
