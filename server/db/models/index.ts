import { AuditLogEntry } from './AuditLogEntry.ts';
import { BaseModel } from './BaseModel.ts';
import { BusinessApplication } from './BusinessApplication.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Category } from './Category.ts';
import { City } from './City.ts';
import { DayDiscount } from './DayDiscount.ts';
import { Outlet } from './Outlet.ts';
import { OutletDiscount } from './OutletDiscount.ts';
import { Review } from './Review.ts';
import { ReviewReport } from './ReviewReport.ts';
import { Settlement } from './Settlement.ts';
import { SupportTicket } from './SupportTicket.ts';

/**
 * The Objection models: one per table the back office edits (server/admin/engine.ts; every resource has one), which uses their
 * `idColumn`, `timestamps` (updated_at on every patch), `jsonAttributes`, `hiddenFields` and `range()`.
 * Services query Knex's typed tables instead (server/db/tables.ts).
 *
 * No model is bound to a Knex instance: every query names its own (`Outlet.query(trx)`), so two apps
 * in one process never share a database through a model. A query without one throws.
 */
export const MODELS = [
  AuditLogEntry,
  BusinessApplication,
  BusinessOwner,
  Category,
  City,
  DayDiscount,
  Outlet,
  OutletDiscount,
  Review,
  ReviewReport,
  Settlement,
  SupportTicket,
] as const;

export type AnyModelClass = (typeof MODELS)[number] | typeof BaseModel;

export { AuditLogEntry, BaseModel, BusinessApplication, BusinessOwner, Category, City, DayDiscount, Outlet, OutletDiscount, Review, ReviewReport, Settlement, SupportTicket };
