import { BaseModel } from './BaseModel.ts';
import { Consumer } from './Consumer.ts';

/** One search a shopper made (table `search_history`). */
export class SearchHistoryEntry extends BaseModel {
  static override tableName = 'search_history';

  declare id: number;
  declare consumerId: number;
  declare query: string;
  declare landmark: string | null;
  declare state: string | null;
  declare locality: string | null;
  declare latitude: number | null;
  declare longitude: number | null;
  declare createdAt: Date;

  declare consumer?: Consumer;

  static override relationMappings = () => ({
    consumer: {
      relation: BaseModel.BelongsToOneRelation,
      modelClass: Consumer,
      join: { from: 'search_history.consumerId', to: 'consumers.id' },
    },
  });
}
