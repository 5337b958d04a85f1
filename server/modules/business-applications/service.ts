import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import { badRequest, conflict } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import type { Storage } from '../../providers/storage.ts';
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
import { setOutletCertificateKey } from '../outlets/service.ts';
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

/**
 * The application's GST certificate becomes the outlet's: a copy under `outlets/<id>/gst-…`, where an
 * owner's own certificate upload goes (the owner's GSTIN page links to it), named as those are so a
 * later upload replaces it. The application's documents themselves stay private (the cheque never
 * leaves). If the approval then fails, the copy is an unreferenced file under an outlet id that was
 * never used. Null when the application's file is missing.
 */
export async function copyCertificateToOutlet(
  applicationKey: string,
  outletId: number,
  storage: Storage = runtime().storage,
): Promise<string | null> {
  const bytes = await storage.get(applicationKey);
  if (!bytes) return null;
  const width = /-(\d+)\.webp$/.exec(applicationKey)?.[1];
  const suffix = width ? `-${width}.webp` : path.extname(applicationKey).toLowerCase();
  const key = `outlets/${outletId}/gst-${randomBytes(6).toString('hex')}${suffix}`;
  await storage.put(key, bytes);
  return key;
}

export async function approveApplication(id: number, input: ApproveApplicationInput, ctx: HookContext): Promise<AdminRecord> {
  const application = await pendingApplication(id, ctx);
  // A certificate whose file is gone (storage lost) does not make the outlet's GST verified.
  const certificateKey =
    application.gstCertificateKey && (await runtime().storage.exists(String(application.gstCertificateKey)))
      ? String(application.gstCertificateKey)
      : null;
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
      gstStatus: certificateKey ? 'verified' : application.gstAckNumber ? 'pending' : 'missing',
    }),
    ctx,
  );
  const outletCertificate = certificateKey ? await copyCertificateToOutlet(certificateKey, Number(outlet.id)) : null;
  if (outletCertificate) await setOutletCertificateKey(ctx.trx, Number(outlet.id), outletCertificate);
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
    businessOwnerId: Number(owner.id),
    outletId: Number(outlet.id),
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

const LEGACY_PREFIX = 'applications/';

/**
 * Moves documents stored before they became private (`applications/…`) to `private/applications/…`
 * and points the applications at the new keys; an outlet whose GST certificate was the application's
 * own file gets its own copy first (as approvals now make). Idempotent and cheap when there is nothing
 * to move, so it runs at every start (`server/db/prepare.ts`). `/uploads` refuses the old prefix
 * anyway, so nothing is exposed while a move is pending.
 */
export async function moveApplicationDocumentsToPrivate(db: Knex, storage: Storage): Promise<{ moved: number; outlets: number }> {
  const legacy = `${LEGACY_PREFIX}%`;
  const outlets = await db('outlets').where('gstCertificateKey', 'like', legacy).select('id', 'gstCertificateKey');
  let outletCopies = 0;
  for (const outlet of outlets) {
    const key = outlet.gstCertificateKey;
    if (!key) continue;
    const source = (await storage.exists(key)) ? key : `private/${key}`;
    if (!(await storage.exists(source))) continue;
    const copy = await copyCertificateToOutlet(source, outlet.id, storage);
    if (!copy) continue;
    await setOutletCertificateKey(db, outlet.id, copy, key);
    outletCopies++;
  }
  const applications = await db('businessApplications')
    .where('gstCertificateKey', 'like', legacy)
    .orWhere('chequeKey', 'like', legacy)
    .select('id', 'gstCertificateKey', 'chequeKey');
  const done: string[] = [];
  for (const application of applications) {
    for (const column of ['gstCertificateKey', 'chequeKey'] as const) {
      const key = application[column];
      if (!key?.startsWith(LEGACY_PREFIX)) continue;
      const target = `private/${key}`;
      const bytes = await storage.get(key);
      if (bytes) await storage.put(target, bytes);
      await db('businessApplications').where({ id: application.id, [column]: key }).update({ [column]: target });
      done.push(key);
    }
  }
  // Only once every reference points at the new place.
  for (const key of new Set(done)) await storage.delete(key);
  return { moved: done.length, outlets: outletCopies };
}
