import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from '../../platform/db/column-types';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

export interface NotificationsTable {
  id: Generated<string>;
  user_id: number;
  type: string;
  data: Json<unknown>;
  read_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface NotificationSubscriptionsTable {
  user_id: number;
  notif_id: string;
  channels: Json<Record<string, boolean>>;
}

export interface MailDeliveriesTable {
  id: Generated<string>;
  user_id: number | null;
  to: string;
  type: string;
  subject: string;
  text: string;
  html: string;
  status: Generated<'pending' | 'sent'>;
  attempts: Generated<number>;
  claimed_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
}

export interface WebPushKeysTable {
  id: number;
  public_key: string;
  private_key: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema' {
  interface Database {
    notifications: NotificationsTable;
    notification_subscriptions: NotificationSubscriptionsTable;
    mail_deliveries: MailDeliveriesTable;
    push_subscriptions: PushSubscriptionsTable;
    web_push_keys: WebPushKeysTable;
  }
}
