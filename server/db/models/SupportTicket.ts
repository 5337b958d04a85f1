import type { SupportTicketRow } from '../tables.ts';
import { BaseModel } from './BaseModel.ts';

/**
 * A message to support (table `support_tickets`).
 * Its columns are SupportTicketRow's (server/db/tables.ts), merged into the class below.
 */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging
export class SupportTicket extends BaseModel {
  static override tableName = 'support_tickets';
  static override timestamps = true;
}

// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging, @typescript-eslint/no-empty-object-type
export interface SupportTicket extends SupportTicketRow {}
