import { Model, type ModelOptions, type Pojo, type QueryContext } from 'objection';

/**
 * Base for every model.
 * - Properties are camelCase; the Knex instance maps them to snake_case columns (`knexSnakeCaseMappers`).
 * - Subclasses declare their columns with `declare` so class fields never shadow the values Objection sets.
 * - `timestamps = true` marks tables with an `updated_at` column: every update/patch through the model refreshes it.
 * - `hiddenFields` are removed from `toJSON()` (`$formatJson`): secrets never reach a response.
 * - `jsonAttributes` must list the jsonb properties (there is no jsonSchema to derive them from),
 *   otherwise arrays would be sent to PostgreSQL as array literals.
 */
export class BaseModel extends Model {
  static override useLimitInFirst = true;
  static override jsonAttributes: string[] = [];

  /** The table has an `updated_at` column kept current by `$beforeUpdate`. */
  static timestamps = false;

  /** Properties stripped from the JSON sent to clients. */
  static hiddenFields: readonly string[] = [];

  override $beforeUpdate(opt: ModelOptions, queryContext: QueryContext): Promise<unknown> | void {
    const result = super.$beforeUpdate(opt, queryContext);
    if ((this.constructor as typeof BaseModel).timestamps) {
      (this as unknown as { updatedAt: Date }).updatedAt = new Date();
    }
    return result;
  }

  override $formatJson(json: Pojo): Pojo {
    const formatted = super.$formatJson(json);
    for (const field of (this.constructor as typeof BaseModel).hiddenFields) {
      delete formatted[field];
    }
    return formatted;
  }
}
