import { BaseModel } from './BaseModel.ts';
import { BusinessOwner } from './BusinessOwner.ts';
import { Consumer } from './Consumer.ts';

export type SupportTicketStatus = 'open' | 'closed';

export class SupportTicket extends BaseModel {
  static override tableName = 'support_tickets';
  static override timestamps = true;

  declare id: number;
  declare consumerId: number | null;
  declare businessOwnerId: number | null;
  declare name: string;
  declare email: string;
  declare phoneNumber: string | null;
  declare subject: string;
  declare message: string;
  declare status: SupportTicketStatus;
  declare createdAt: Date;
  declare updatedAt: Date;

  declare consumer?: Consumer | null;
  declare businessOwner?: BusinessOwner | null;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'support_tickets.consumerId', to: 'consumers.id' },
    },
    businessOwner: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: BusinessOwner,
      join: { from: 'support_tickets.businessOwnerId', to: 'business_owners.id' },
    },
  });
}
