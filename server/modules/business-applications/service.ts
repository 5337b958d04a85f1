import { badRequest, conflict } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import {
  attachStaffNames,
  createInTransaction,
  findRecord,
  type AdminRecord,
  type HookContext,
  type ResourceHooks,
} from '../../admin/engine.ts';
import { businessOwnersAdmin } from '../business-owners/admin.ts';
import { businessOwnerHooks } from '../business-owners/service.ts';
import { outletsAdmin } from '../outlets/admin.ts';
import { outletHooks } from '../outlets/sales-service.ts';
import { businessApplicationsAdmin, type ApproveApplicationInput, type RejectApplicationInput } from './admin.ts';

/**
 * Review of applications from /for-business-form. Approving creates the owner's master account and the
 * outlet and links them to the application, all in one transaction (each change audited); rejecting
 * needs a reason. Only pending applications can be reviewed or edited; approved ones are kept.
 */

const GST_PROOF = 'GST certificate is mandatory; give the acknowledgment number while it is pending';

const self = () => ({ declaration: businessApplicationsAdmin, hooks: businessApplicationHooks });

async function pendingApplication(id: number, ctx: HookContext): Promise<AdminRecord> {
  const application = await findRecord(self(), id, ctx.trx, true);
  if (application.status !== 'pending') {
    throw conflict(`This application was already ${application.status}.`);
  }
  return application;
}

export async function approveApplication(id: number, input: ApproveApplicationInput, ctx: HookContext): Promise<AdminRecord> {
  const application = await pendingApplication(id, ctx);
  const outlet = await createInTransaction(
    { declaration: outletsAdmin, hooks: outletHooks },
    outletsAdmin.createSchema.parse({
      name: input.outletName,
      categoryId: input.categoryId,
      cityId: input.cityId,
      addressLineOne: input.addressLineOne,
      addressLineTwo: input.addressLineTwo,
      state: input.state,
      pincode: input.pincode,
      latitude: input.latitude,
      longitude: input.longitude,
      phoneNumber: application.phoneNumber,
      opensAt: input.opensAt,
      closesAt: input.closesAt,
      isLive: false,
      gstin: application.gstin,
      gstAckNumber: application.gstAckNumber,
      gstStatus: application.gstCertificateKey ? 'verified' : 'pending',
    }),
    ctx,
  );
  if (application.gstCertificateKey) {
    await ctx.trx('outlets').where({ id: outlet.id }).update({ gstCertificateKey: application.gstCertificateKey });
  }
  const owner = await createInTransaction(
    { declaration: businessOwnersAdmin, hooks: businessOwnerHooks },
    businessOwnersAdmin.createSchema.parse({
      username: input.username,
      password: input.password,
      name: application.contactName,
      phoneNumber: application.phoneNumber,
      email: application.email,
      pan: application.pan,
      designation: 'Owner',
      isMaster: true,
      outletIds: [outlet.id],
    }),
    ctx,
  );
  await ctx.trx('businessApplications').where({ id }).update({
    status: 'approved',
    cityId: input.cityId,
    categoryId: input.categoryId,
    reviewedById: ctx.actor.salesStaffId,
    reviewedAt: runtime().now(),
    businessOwnerId: owner.id,
    outletId: outlet.id,
    updatedAt: runtime().now(),
  });
  const after = await findRecord(self(), id, ctx.trx);
  await ctx.audit({ action: 'update', resource: businessApplicationsAdmin.name, recordId: id, before: application, after });
  return after;
}

export async function rejectApplication(id: number, input: RejectApplicationInput, ctx: HookContext): Promise<AdminRecord> {
  const application = await pendingApplication(id, ctx);
  await ctx.trx('businessApplications').where({ id }).update({
    status: 'rejected',
    rejectReason: input.reason,
    reviewedById: ctx.actor.salesStaffId,
    reviewedAt: runtime().now(),
    updatedAt: runtime().now(),
  });
  const after = await findRecord(self(), id, ctx.trx);
  await ctx.audit({ action: 'update', resource: businessApplicationsAdmin.name, recordId: id, before: application, after });
  return after;
}

export const businessApplicationHooks: ResourceHooks = {
  async beforeCreate(input) {
    if (!input.gstAckNumber) throw badRequest(GST_PROOF, { gstAckNumber: GST_PROOF });
    return input;
  },
  async beforeUpdate(patch, before) {
    if (before.status !== 'pending') throw conflict(`This application was already ${before.status}; it can no longer be edited.`);
    if ('gstAckNumber' in patch && !patch.gstAckNumber && !before.gstCertificateKey) {
      throw badRequest(GST_PROOF, { gstAckNumber: GST_PROOF });
    }
    return patch;
  },
  async beforeDelete(before) {
    if (before.status === 'approved') {
      throw conflict('Approved applications are kept as the record of how the account was opened. Nothing was deleted.');
    }
  },
  async decorate(records, db) {
    await attachStaffNames(records, db, 'reviewedById', 'reviewedByName');
  },
  actions: {
    approve: (id, input, ctx) => approveApplication(id, input as ApproveApplicationInput, ctx),
    reject: (id, input, ctx) => rejectApplication(id, input as RejectApplicationInput, ctx),
  },
};
