import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { HttpError, Notification, type DataProvider } from 'react-admin';
import { defineAdminResource } from '@server/admin/declaration';
import { outletsAdmin } from '@server/modules/outlets/admin';
import { businessOwnersAdmin } from '@server/modules/business-owners/admin';
import { businessApplicationsAdmin } from '@server/modules/business-applications/admin';
import { renderAdmin } from '@admin/testing/render';
import { bulkDeletedMessage, makeCreate, makeEdit, makeList, makeShow, recordName } from './views';

const owner = {
  id: 7,
  username: 'ravi',
  name: 'Ravi Kumar',
  phoneNumber: '9845012345',
  email: null,
  pan: null,
  designation: 'Proprietor',
  isMaster: true,
  masterId: null,
  isActive: true,
  outletIds: [],
  failedLoginCount: 2,
  lockedUntil: null,
  createdAt: '2026-11-21T08:00:00.000Z',
};

/** A resource nobody ships: the generator must render exactly what it declares. */
const gadgets = defineAdminResource({
  name: 'gadgets',
  table: 'gadgets',
  label: 'Gadgets',
  recordRepresentation: 'title',
  createSchema: z.object({
    title: z.string({ error: 'Title is required' }).min(1, 'Title is required'),
    shelf: z.enum(['top', 'bottom']).default('top'),
    onSale: z.boolean().default(true),
  }),
  fields: {
    id: { kind: 'number', label: 'ID', readOnly: true },
    title: { kind: 'text', label: 'Gadget title' },
    shelf: { kind: 'select', choices: [{ id: 'top', name: 'Top shelf' }, { id: 'bottom', name: 'Bottom shelf' }] },
    onSale: { kind: 'boolean', label: 'On sale' },
    secret: { kind: 'password', label: 'Secret code', createOnly: true, writeOnly: true },
    createdAt: { kind: 'datetime', label: 'Added', readOnly: true },
  },
  list: { columns: ['title', 'shelf', 'onSale'], sortable: ['id', 'title'], search: ['title'], filters: { onSale: { kind: 'boolean', label: 'On sale' } } },
  operations: { create: true, update: true, delete: false },
});

const headers = () => screen.getAllByRole('columnheader').map((h) => h.textContent?.trim()).filter(Boolean);

describe('generated List', () => {
  it('renders the declared columns, in order, with the declared default sort', async () => {
    const GadgetList = makeList(gadgets);
    const getList = vi.fn().mockResolvedValue({ data: [{ id: 1, title: 'Kettle', shelf: 'bottom', onSale: true }], total: 1 });
    renderAdmin(<GadgetList />, { resource: 'gadgets', dataProvider: { getList } });
    expect(await screen.findByText('Kettle')).toBeInTheDocument();
    expect(headers()).toEqual(['Gadget title', 'Shelf', 'On sale']);
    expect(screen.getByText('Bottom shelf')).toBeInTheDocument();
    expect(getList).toHaveBeenCalledWith('gadgets', expect.objectContaining({ sort: { field: 'id', order: 'ASC' }, filter: {} }));
    // Only allowlisted columns are sortable.
    const sortable = screen.getAllByRole('button', { name: /^Sort by/ }).map((b) => b.textContent);
    expect(sortable).toEqual(['Gadget title']);
  });

  it('outlets: references are resolved through getMany and the search box sends q', async () => {
    const OutletList = makeList(outletsAdmin);
    const getList = vi.fn().mockResolvedValue({
      data: [{ id: 3, name: 'Vidyarthi Bhavan', categoryId: 1, cityId: 2, addressLineTwo: 'Basavanagudi', ownerId: null, isLive: true, updatedAt: '2026-11-21T08:00:00Z' }],
      total: 1,
    });
    const getMany = vi.fn((resource: string) =>
      Promise.resolve({ data: resource === 'cities' ? [{ id: 2, name: 'Bengaluru' }] : [{ id: 1, name: 'Restaurants' }] }),
    ) as unknown as DataProvider['getMany'];
    const { user } = renderAdmin(<OutletList />, { resource: 'outlets', dataProvider: { getList, getMany } });
    expect(await screen.findByText('Vidyarthi Bhavan')).toBeInTheDocument();
    expect(headers()).toEqual(['ID', 'Name', 'Category', 'City', 'Locality', 'Owner (master account)', 'Live', 'Linked account status', 'Updated']);
    expect(await screen.findByText('Bengaluru')).toBeInTheDocument();
    expect(screen.getByText('Restaurants')).toBeInTheDocument();
    expect(getList).toHaveBeenLastCalledWith('outlets', expect.objectContaining({ sort: { field: 'id', order: 'DESC' } }));

    await user.type(screen.getByPlaceholderText('Search'), 'bhavan');
    await waitFor(() =>
      expect(getList).toHaveBeenLastCalledWith('outlets', expect.objectContaining({ filter: { q: 'bhavan' } })),
    );
  });
});

describe('generated Create and Edit', () => {
  it('create shows the writable inputs (create-only included, read-only left out) with schema defaults', async () => {
    const GadgetCreate = makeCreate(gadgets);
    renderAdmin(<GadgetCreate />, { resource: 'gadgets' });
    expect(await screen.findByLabelText('Gadget title')).toBeInTheDocument();
    expect(screen.getByLabelText('Secret code')).toHaveAttribute('type', 'password');
    expect(screen.getByLabelText('On sale')).toBeChecked();
    expect(screen.queryByLabelText('Added')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('ID')).not.toBeInTheDocument();
  });

  it('create validates with the shared zod schema before calling the server', async () => {
    const GadgetCreate = makeCreate(gadgets);
    const create = vi.fn();
    const { user } = renderAdmin(<GadgetCreate />, { resource: 'gadgets', dataProvider: { create } });
    await user.type(await screen.findByLabelText('Gadget title'), 'x');
    await user.clear(screen.getByLabelText('Gadget title'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('business owners: create asks for the initial password, edit for a new one; server errors show inline', async () => {
    const OwnerCreate = makeCreate(businessOwnersAdmin);
    const create = vi.fn().mockRejectedValue(
      new HttpError('This record already exists.', 409, {
        message: 'This record already exists.',
        errors: { username: 'already exists', root: { serverError: 'This record already exists.' } },
      }),
    );
    const getList = vi.fn().mockResolvedValue({ data: [], total: 0 });
    const { user } = renderAdmin(<OwnerCreate />, { resource: 'business-owners', dataProvider: { create, getList } });
    expect(await screen.findByLabelText('Initial password')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Failed logins')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Is a master account')).toBeChecked();
    // "Sub-account of" shows only for sub-accounts (declared visibleWhen).
    expect(screen.queryByLabelText('Sub-account of')).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('Is a master account'));
    expect(await screen.findByLabelText('Sub-account of')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Is a master account'));

    await user.type(screen.getByLabelText('Username'), 'ravi');
    await user.type(screen.getByLabelText('Initial password'), 'Ravi@2026');
    await user.type(screen.getByLabelText('Name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Phone number'), '9845012345');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![1].data).toMatchObject({ username: 'ravi', password: 'Ravi@2026', isMaster: true, isActive: true });
    const username = screen.getByLabelText('Username').closest('.MuiFormControl-root') as HTMLElement;
    expect(await within(username).findByText('already exists')).toBeInTheDocument();
  });

  it('edit loads the record and offers a new password instead of the initial one', async () => {
    const OwnerEdit = makeEdit(businessOwnersAdmin);
    const getOne = vi.fn().mockResolvedValue({ data: owner });
    renderAdmin(<OwnerEdit id={7} />, { resource: 'business-owners', dataProvider: { getOne, getMany: vi.fn().mockResolvedValue({ data: [] }), getList: vi.fn().mockResolvedValue({ data: [], total: 0 }) } });
    expect(await screen.findByDisplayValue('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toBeInTheDocument();
    expect(screen.queryByLabelText('Initial password')).not.toBeInTheDocument();
  });
});

describe('notifications say which record (issue 17)', () => {
  it('after a create: `Gadget "Kettle" created`, never "Element created"', async () => {
    const GadgetCreate = makeCreate(gadgets);
    const create = vi.fn().mockResolvedValue({ data: { id: 4, title: 'Kettle', shelf: 'top', onSale: true } });
    const { user } = renderAdmin(
      <>
        <GadgetCreate />
        <Notification />
      </>,
      { resource: 'gadgets', dataProvider: { create, getOne: vi.fn().mockResolvedValue({ data: { id: 4, title: 'Kettle' } }) } },
    );
    await user.type(await screen.findByLabelText('Gadget title'), 'Kettle');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Gadget "Kettle" created')).toBeInTheDocument();
    expect(screen.queryByText('Element created')).not.toBeInTheDocument();
  });

  it('after an update: `Business owner "ravi" updated`', async () => {
    const OwnerEdit = makeEdit(businessOwnersAdmin);
    const update = vi.fn().mockResolvedValue({ data: { ...owner, designation: 'Owner' } });
    const { user } = renderAdmin(
      <>
        <OwnerEdit id={7} />
        <Notification />
      </>,
      {
        resource: 'business-owners',
        dataProvider: {
          getOne: vi.fn().mockResolvedValue({ data: owner }),
          update,
          getMany: vi.fn().mockResolvedValue({ data: [] }),
          getList: vi.fn().mockResolvedValue({ data: [], total: 0 }),
        },
      },
    );
    const designation = await screen.findByDisplayValue('Proprietor');
    await user.clear(designation);
    await user.type(designation, 'Owner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`${recordName(businessOwnersAdmin, owner)} updated`)).toBeInTheDocument();
    expect(recordName(businessOwnersAdmin, owner)).toBe('Business owner "ravi"');
    expect(screen.queryByText('Element updated')).not.toBeInTheDocument();
  });

  it('names a record without its representation by id, and counts bulk deletes', () => {
    expect(recordName(gadgets, { id: 9, title: '' })).toBe('Gadget "#9"');
    expect(bulkDeletedMessage(gadgets, 1)).toBe('1 gadget deleted');
    expect(bulkDeletedMessage(gadgets, 3)).toBe('3 gadgets deleted');
  });
});

describe('generated Show', () => {
  it('shows every field except write-only ones', async () => {
    const OwnerShow = makeShow(businessOwnersAdmin);
    renderAdmin(<OwnerShow id={7} />, { resource: 'business-owners', dataProvider: { getOne: vi.fn().mockResolvedValue({ data: owner }) } });
    expect(await screen.findByText('Ravi Kumar')).toBeInTheDocument();
    expect(screen.getByText('Failed logins')).toBeInTheDocument();
    expect(screen.queryByText('Initial password')).not.toBeInTheDocument();
    expect(screen.queryByText('New password')).not.toBeInTheDocument();
  });

  it('offers Edit only on records the declaration calls editable', async () => {
    const ApplicationShow = makeShow(businessApplicationsAdmin);
    const base = { id: 1, businessName: 'Dosa Corner', cityId: null, categoryId: null };
    const pending = renderAdmin(<ApplicationShow id={1} />, {
      resource: 'business-applications',
      dataProvider: { getOne: vi.fn().mockResolvedValue({ data: { ...base, status: 'pending' } }) },
    });
    expect(await screen.findByText('Dosa Corner')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    pending.unmount();
    renderAdmin(<ApplicationShow id={1} />, {
      resource: 'business-applications',
      dataProvider: { getOne: vi.fn().mockResolvedValue({ data: { ...base, status: 'approved' } }) },
    });
    expect(await screen.findByText('Dosa Corner')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
