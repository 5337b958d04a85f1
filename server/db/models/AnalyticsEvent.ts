import { BaseModel } from './BaseModel.ts';

/** A first-party analytics event; no personal data (visitorId is a random browser-made id). */
export class AnalyticsEvent extends BaseModel {
  static override tableName = 'analytics_events';
  static override jsonAttributes = ['props'];

  declare id: number;
  /** e.g. page_view */
  declare name: string;
  declare path: string;
  declare referrerPath: string | null;
  declare visitorId: string | null;
  declare props: Record<string, unknown>;
  declare occurredAt: Date;
}
