import type { Knex } from 'knex';
import { keyedHash, safeEqual } from '../../lib/crypto.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { runtime } from '../../lib/runtime.ts';
import { rawRows } from '../../db/rows.ts';
import type { DeliveryChannel, NotificationDeliveryInsert, NotificationRow } from '../../db/tables.ts';
import { addDays, istMoment, istToInstant } from '../offers/rules.ts';
import { updateSettings } from '../users/service.ts';
import { NOTIFICATION_FLAGS, type NotificationFlag } from '../users/schema.ts';
import {
  FLAG_LABELS,
  KIND_RULES,
  MAX_DEVICES_PER_KIND,
  NOTIFICATION_MESSAGES,
  QUIET_HOURS,
  type FcmTokenInput,
  type InboxListInput,
  type InboxPage,
  type NotificationKind,
  type OwnerPushDevice,
  type PushSubscriptionInput,
  type UnsubscribeResult,
} from './schema.ts';
import { renderEmail, renderPush, renderSms, type RenderableNotification } from './templates.ts';
import { FLAG_LABELS_BY_LANGUAGE } from './messages.ts';
import type { Language } from '../common/schema.ts';
import { couponSavedQueue, dispatchQueue, groupExpiredQueue, offersScheduledQueue, paymentAlertQueue, paymentCapturedQueue, refundQueue } from './queues.ts';
import { activeBusinessAccount, outletAccessStillHeld } from '../../lib/outlet-access.ts';

/**
 * Notifications that arrive (docs/notifications.md). A message is a `notifications` row, unique per
 * (recipient, kind, subject): it is created once (ON CONFLICT DO NOTHING), together with the shopper's
 * inbox item, and a `notifications.dispatch` job is queued in the same transaction. Dispatch plans one
 * delivery per channel target (email, SMS, each browser's web push subscription, each app token), holding
 * pushes through quiet hours and counting them against the daily cap, then sends each delivery after
 * claiming it (pending → sending), so no delivery is ever sent twice, whatever runs twice.
 */

// ---------------------------------------------------------------- creating

export type Recipient = { consumerId: number } | { businessOwnerId: number };

export interface NewNotification {
  recipient: Recipient;
  kind: NotificationKind;
  subject: string;
  title: string;
  body: string;
  url: string;
  data?: Record<string, unknown>;
  /** Pushes are not sent after this moment. */
  expiresAt?: Date | null;
}

const recipientKey = (r: Recipient) => ('consumerId' in r ? `consumer:${r.consumerId}` : `business:${r.businessOwnerId}`);

/**
 * Creates the messages that do not exist yet (by their once-only key), their inbox items, and one
 * dispatch job for the new ones, all in one transaction (the caller's, when given). Returns the ids
 * created; a message that existed already is not sent again. Callers check the settings first
 * (`consumersWithFlag` / `notifyConsumer`).
 */
export async function createNotifications(items: readonly NewNotification[], trx?: Knex.Transaction): Promise<number[]> {
  if (!items.length) return [];
  const run = async (t: Knex.Transaction) => {
    const rows = await t('notifications')
      .insert(
        items.map((n) => ({
          recipient: recipientKey(n.recipient),
          consumerId: 'consumerId' in n.recipient ? n.recipient.consumerId : null,
          businessOwnerId: 'businessOwnerId' in n.recipient ? n.recipient.businessOwnerId : null,
          kind: n.kind,
          subject: n.subject,
          title: n.title,
          body: n.body,
          url: n.url,
          data: JSON.stringify(n.data ?? {}),
          expiresAt: n.expiresAt ?? null,
        })),
      )
      .onConflict(['recipient', 'kind', 'subject'])
      .ignore()
      .returning(['id', 'consumerId']);
    const inbox = rows.filter((r) => r.consumerId !== null).map((r) => ({ notificationId: r.id, consumerId: r.consumerId! }));
    if (inbox.length) await t('inboxItems').insert(inbox);
    const ids = rows.map((r) => r.id);
    if (ids.length) await runtime().jobs.send(dispatchQueue, { ids }, { trx: t });
    return ids;
  };
  return trx ? run(trx) : runtime().db.transaction(run);
}

/** The shopper, when active and the setting is on (a shopper without a settings row has every flag on). */
export async function consumerWantsFlag(consumerId: number, flag: NotificationFlag, db: Knex = runtime().db): Promise<boolean> {
  const rows = await rawRows<{ on: boolean }>(
    db,
    `SELECT coalesce(s.${snake(flag)}, true) AS on
       FROM consumers c LEFT JOIN consumer_settings s ON s.consumer_id = c.id
      WHERE c.id = ? AND c.deleted_at IS NULL`,
    [consumerId],
  );
  return rows[0]?.on === true;
}

/** A message to one shopper, if its setting is on (SPEC §4: ENABLE_ALL is all seven on). Returns its id, or null. */
export async function notifyConsumer(n: Omit<NewNotification, 'recipient'> & { consumerId: number }, trx?: Knex.Transaction): Promise<number | null> {
  const flag = KIND_RULES[n.kind].flag;
  if (flag && !(await consumerWantsFlag(n.consumerId, flag, trx ?? runtime().db))) return null;
  const { consumerId, ...rest } = n;
  const [id] = await createNotifications([{ ...rest, recipient: { consumerId } }], trx);
  return id ?? null;
}

export async function notifyOwner(n: Omit<NewNotification, 'recipient'> & { businessOwnerId: number }, trx?: Knex.Transaction): Promise<number | null> {
  const { businessOwnerId, ...rest } = n;
  const [id] = await createNotifications([{ ...rest, recipient: { businessOwnerId } }], trx);
  return id ?? null;
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * SQL for the shoppers who get a kind: active and with its setting on. `alias` is the consumers table's
 * alias in the caller's statement (which must LEFT JOIN consumer_settings as `s`).
 */
export function wantsFlagSql(flag: NotificationFlag, alias = 'c'): string {
  return `${alias}.deleted_at IS NULL AND coalesce(s.${snake(flag)}, true)`;
}

// ---------------------------------------------------------------- hooks other modules call (one line each)

/** shuffles: a Shuffle coupon was saved (inside the saving transaction). EMAIL_NEW_COUPON_ALERTS. */
export async function couponSaved(couponId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(couponSavedQueue, { couponId }, { trx });
}

/** payments: a payment was captured and its order paid (inside the capture transaction). SMS_ALERTS receipt; the owner's "payment received". */
export async function paymentCaptured(orderId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(paymentCapturedQueue, { orderId }, { trx });
}

/**
 * payments: a payment was captured (inside the capture transaction): the payment alert pushed to every
 * business account that may use the outlet (issue 30). Only a job is queued here; the accounts are
 * chosen, and their access checked, when it runs (and again when each push is sent).
 */
export async function paymentAlert(orderId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(paymentAlertQueue, { orderId }, { trx });
}

/**
 * payments (owner refunds, automatic refunds): a refund was accepted by the provider. Sends the
 * shopper's refund SMS through SMS_ALERTS, once per refund (docs/notifications.md, "Refund SMS").
 */
export async function notifyRefund(refundId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(refundQueue, { refundId }, { trx });
}

/** group-bills: a group bill closed before every share was paid (inside the closing transaction). */
export async function groupExpired(groupBillId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(groupExpiredQueue, { groupBillId }, { trx });
}

/** promotions: an owner scheduled or changed an outlet's timed offers (flash sales, nearby offers). */
export async function offersScheduled(outletId: number, trx?: Knex.Transaction): Promise<void> {
  await runtime().jobs.send(offersScheduledQueue, { outletId, at: runtime().now().toISOString() }, { trx });
}

/**
 * outlets (nearby list): remembers where a signed-in shopper browses from, to aim the digest and the
 * nearby pushes. Written at most once every 10 minutes per shopper unless they moved over 500 m.
 */
export async function rememberLocation(
  principal: { kind: string; consumerId?: number } | null | undefined,
  input: { latitude?: number; longitude?: number; noLocation?: boolean; cityId?: number; city?: string },
): Promise<void> {
  if (principal?.kind !== 'consumer' || principal.consumerId === undefined) return;
  const consumerId = principal.consumerId;
  const { db, now } = runtime();
  if (!input.noLocation && input.latitude !== undefined && input.longitude !== undefined) {
    await db.raw(
      `INSERT INTO consumer_locations AS l (consumer_id, latitude, longitude, city_id, updated_at)
       VALUES (?, ?, ?, (SELECT id FROM cities WHERE is_active
                          ORDER BY earth_distance(ll_to_earth(latitude, longitude), ll_to_earth(?, ?)) LIMIT 1), ?)
       ON CONFLICT (consumer_id) DO UPDATE SET latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude,
              city_id = EXCLUDED.city_id, updated_at = EXCLUDED.updated_at
        WHERE l.latitude IS NULL OR l.updated_at < EXCLUDED.updated_at - interval '10 minutes'
           OR earth_distance(ll_to_earth(l.latitude, l.longitude), ll_to_earth(EXCLUDED.latitude, EXCLUDED.longitude)) > 500`,
      [consumerId, input.latitude, input.longitude, input.latitude, input.longitude, now()],
    );
    return;
  }
  if (input.cityId === undefined && input.city === undefined) return;
  const city = await db('cities')
    .where('isActive', true)
    .modify((q) => {
      if (input.cityId !== undefined) q.where('id', input.cityId);
      else q.where('slug', input.city!);
    })
    .first('id');
  if (!city) return;
  // A chosen city without coordinates replaces an old point, not a fresh one.
  await db.raw(
    `INSERT INTO consumer_locations AS l (consumer_id, city_id, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (consumer_id) DO UPDATE SET city_id = EXCLUDED.city_id, updated_at = EXCLUDED.updated_at,
            latitude = CASE WHEN l.updated_at < EXCLUDED.updated_at - interval '1 day' THEN NULL ELSE l.latitude END,
            longitude = CASE WHEN l.updated_at < EXCLUDED.updated_at - interval '1 day' THEN NULL ELSE l.longitude END
      WHERE l.city_id IS DISTINCT FROM EXCLUDED.city_id OR l.updated_at < EXCLUDED.updated_at - interval '10 minutes'`,
    [consumerId, city.id, now()],
  );
}

// ---------------------------------------------------------------- dispatch

const MAX_ATTEMPTS = 3;

/** Whether pushes are held at this moment (22:00–08:00 IST), and until when. */
export function quietUntil(at: Date): Date | null {
  const m = istMoment(at);
  if (m.minutes >= QUIET_HOURS.startMinutes) return istToInstant(addDays(m.date, 1), QUIET_HOURS.endMinutes);
  if (m.minutes < QUIET_HOURS.endMinutes) return istToInstant(m.date, QUIET_HOURS.endMinutes);
  return null;
}

/** Takes one of the shopper's pushes for the IST day of `at`; false when the day's cap is reached. */
async function reservePush(trx: Knex.Transaction, consumerId: number, at: Date): Promise<boolean> {
  const rows = await rawRows<{ count: number }>(
    trx,
    `INSERT INTO push_daily_counts AS p (consumer_id, day, count) VALUES (?, ?, 1)
     ON CONFLICT (consumer_id, day) DO UPDATE SET count = p.count + 1 WHERE p.count < ?
     RETURNING p.count`,
    [consumerId, istMoment(at).date, runtime().env.PUSH_DAILY_CAP],
  );
  return rows.length > 0;
}

interface Contact {
  email: string | null;
  phoneNumber: string | null;
  /** The email's own words (button, footer) are in it; the title and body were written in it. */
  language: Language;
}

async function contactsOf(db: Knex, rows: Pick<NotificationRow, 'consumerId' | 'businessOwnerId'>[]) {
  const consumerIds = [...new Set(rows.map((r) => r.consumerId).filter((v): v is number => v !== null))];
  const ownerIds = [...new Set(rows.map((r) => r.businessOwnerId).filter((v): v is number => v !== null))];
  const consumers = new Map<number, Contact>();
  const owners = new Map<number, Contact>();
  if (consumerIds.length) {
    for (const c of await db('consumers').whereIn('id', consumerIds).whereNull('deletedAt').select('id', 'email', 'phoneNumber', 'language')) {
      consumers.set(c.id, { email: c.email, phoneNumber: c.phoneNumber, language: c.language });
    }
  }
  if (ownerIds.length) {
    for (const o of await db('businessOwners').whereIn('id', ownerIds).where('isActive', true).select('id', 'email', 'phoneNumber', 'language')) {
      owners.set(o.id, { email: o.email, phoneNumber: o.phoneNumber, language: o.language });
    }
  }
  return (r: Pick<NotificationRow, 'consumerId' | 'businessOwnerId'>): Contact | undefined =>
    r.consumerId !== null ? consumers.get(r.consumerId) : owners.get(r.businessOwnerId!);
}

/** Plans the deliveries of messages not planned yet (once: the rows are locked and marked planned). */
async function plan(ids: readonly number[]): Promise<void> {
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    const rows = await trx('notifications').whereIn('id', ids).whereNull('plannedAt').forUpdate().select('*');
    if (!rows.length) return;
    const at = now();
    const contactOf = await contactsOf(trx, rows);
    const pushRows = rows.filter((r) => KIND_RULES[r.kind].channels.includes('push'));
    const pushOwners = [...new Set(pushRows.filter((r) => r.consumerId !== null).map((r) => r.consumerId!))];
    const pushAccounts = [...new Set(pushRows.filter((r) => r.businessOwnerId !== null).map((r) => r.businessOwnerId!))];
    const subs = pushOwners.length ? await trx('pushSubscriptions').whereIn('consumerId', pushOwners).select('id', 'consumerId') : [];
    const tokens = pushOwners.length ? await trx('fcmTokens').whereIn('consumerId', pushOwners).select('id', 'consumerId') : [];
    const accountSubs = pushAccounts.length ? await trx('pushSubscriptions').whereIn('businessOwnerId', pushAccounts).select('id', 'businessOwnerId') : [];
    // An owner's push about an outlet goes only to an account that may use the outlet now (a revoked
    // grant, a sold outlet: nothing), by THE ownership rule (lib/outlet-access.ts).
    const held = await outletAccessStillHeld(pushRows.flatMap((r) => (r.businessOwnerId !== null && outletOf(r) !== null ? [{ businessOwnerId: r.businessOwnerId, outletId: outletOf(r)! }] : [])), trx);
    const deliveries: NotificationDeliveryInsert[] = [];
    for (const n of rows) {
      const contact = contactOf(n);
      if (!contact) continue; // deleted shopper or deactivated owner: nothing is sent
      const rule = KIND_RULES[n.kind];
      const add = (channel: DeliveryChannel, target: string, extra: Partial<NotificationDeliveryInsert> = {}) =>
        deliveries.push({ notificationId: n.id, channel, target, notBefore: at, ...extra });
      let emailed = false;
      if (rule.channels.includes('email') && contact.email) {
        add('email', 'email');
        emailed = true;
      }
      // Owners without an email get their settlement summary by SMS.
      const smsFallback = rule.audience === 'business' && rule.channels.includes('email') && !emailed;
      if ((rule.channels.includes('sms') && (rule.audience === 'consumer' || !rule.channels.includes('email') || smsFallback)) && contact.phoneNumber) {
        add('sms', 'sms');
      }
      if (rule.channels.includes('push') && n.businessOwnerId !== null) {
        // Owners' pushes are their own payments: sent at once, day or night, whatever their number.
        const outletId = outletOf(n);
        if (outletId === null || !held.has(`${n.businessOwnerId}:${outletId}`)) continue;
        for (const s of accountSubs.filter((s) => s.businessOwnerId === n.businessOwnerId)) add('web_push', `web_push:${s.id}`);
      }
      if (rule.channels.includes('push') && n.consumerId !== null) {
        const targets = [
          ...subs.filter((s) => s.consumerId === n.consumerId).map((s) => ({ channel: 'web_push' as const, target: `web_push:${s.id}` })),
          ...tokens.filter((t) => t.consumerId === n.consumerId).map((t) => ({ channel: 'app_push' as const, target: `app_push:${t.id}` })),
        ];
        if (!targets.length) continue;
        const sendAt = quietUntil(at) ?? at;
        let skip: string | null = null;
        if (n.expiresAt && n.expiresAt.getTime() <= sendAt.getTime()) skip = 'stale after quiet hours';
        else if (!(await reservePush(trx, n.consumerId, sendAt))) skip = 'daily push cap reached';
        for (const t of targets) {
          add(t.channel, t.target, skip ? { status: 'skipped', lastError: skip } : { notBefore: sendAt });
        }
      }
    }
    if (deliveries.length) {
      for (let i = 0; i < deliveries.length; i += 1000) {
        await trx('notificationDeliveries').insert(deliveries.slice(i, i + 1000)).onConflict(['notificationId', 'target']).ignore();
      }
    }
    await trx('notifications').whereIn('id', rows.map((r) => r.id)).update({ plannedAt: at });
  });
}

export interface DispatchResult {
  sent: number;
  failed: number;
  /** Deliveries waiting (quiet hours, retries): a later dispatch is queued for them. */
  waiting: number;
}

/**
 * `notifications.dispatch`: plans the messages (once) and sends every delivery that is due. A delivery is
 * claimed before its provider is called, so a duplicate job or a second worker never sends it again; a
 * provider failure is retried (up to three attempts, a minute apart), a dead subscription or token is
 * forgotten. Deliveries held back (quiet hours, retries) get a dispatch job queued for their time.
 */
export async function dispatchNotifications(ids: readonly number[]): Promise<DispatchResult> {
  const result: DispatchResult = { sent: 0, failed: 0, waiting: 0 };
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    await plan(chunk);
    const r = await sendDue(chunk);
    result.sent += r.sent;
    result.failed += r.failed;
    result.waiting += r.waiting;
  }
  return result;
}

function publicUrl(): string {
  const { env } = runtime();
  return (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/** The outlet an owner's message is about (`data.outletId`), or null. */
function outletOf(n: Pick<NotificationRow, 'data'>): number | null {
  const id = (n.data as { outletId?: unknown } | null)?.outletId;
  return typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
}

async function sendDue(ids: readonly number[]): Promise<DispatchResult> {
  const { db, now, logger, jobs } = runtime();
  const result: DispatchResult = { sent: 0, failed: 0, waiting: 0 };
  const due = await db('notificationDeliveries').whereIn('notificationId', ids).where('status', 'pending').where('notBefore', '<=', now()).select('id');
  if (due.length) {
    const notes = new Map((await db('notifications').whereIn('id', ids).select('*')).map((n) => [n.id, n]));
    const contactOf = await contactsOf(db, [...notes.values()]);
    for (const { id } of due) {
      const at = now();
      const claimed = await db('notificationDeliveries')
        .where({ id, status: 'pending' })
        .update({ status: 'sending', attempts: db.raw('attempts + 1'), updatedAt: at })
        .returning(['id', 'notificationId', 'channel', 'target', 'attempts']);
      const d = claimed[0];
      if (!d) continue; // another worker has it
      const n = notes.get(d.notificationId)!;
      const contact = contactOf(n);
      let outcome: { ok: true } | { ok: false; reason: string; retry: boolean };
      try {
        outcome = contact ? await sendOne(n, d.channel, d.target, contact) : { ok: false, reason: 'recipient gone', retry: false };
      } catch (error) {
        outcome = { ok: false, reason: (error instanceof Error ? error.message : String(error)).slice(0, 200), retry: true };
      }
      const sends = runtime().metrics.notificationSends;
      if (outcome.ok) {
        await db('notificationDeliveries').where({ id: d.id }).update({ status: 'sent', sentAt: now(), lastError: null, updatedAt: now() });
        sends.inc({ channel: d.channel, outcome: 'sent' });
        result.sent++;
      } else if (outcome.retry && d.attempts < MAX_ATTEMPTS) {
        await db('notificationDeliveries')
          .where({ id: d.id })
          .update({ status: 'pending', lastError: outcome.reason, notBefore: new Date(now().getTime() + 60_000 * d.attempts), updatedAt: now() });
        sends.inc({ channel: d.channel, outcome: 'retry' });
      } else {
        sends.inc({ channel: d.channel, outcome: 'failed' });
        await db('notificationDeliveries').where({ id: d.id }).update({ status: 'failed', lastError: outcome.reason, updatedAt: now() });
        logger.warn({ notification: { id: n.id, kind: n.kind, channel: d.channel, reason: outcome.reason } }, 'notification not delivered');
        result.failed++;
      }
    }
  }
  const later = await db('notificationDeliveries')
    .whereIn('notificationId', ids)
    .where('status', 'pending')
    .min({ at: 'notBefore' })
    .count({ n: '*' })
    .first();
  if (later && Number(later.n) > 0 && later.at) {
    result.waiting = Number(later.n);
    const waitingIds = await db('notificationDeliveries').whereIn('notificationId', ids).where('status', 'pending').distinct('notificationId');
    const startAfter = new Date(later.at);
    const waiting = waitingIds.map((w) => w.notificationId);
    // One queued run per group and time, however many dispatches saw the group waiting.
    await jobs.send(dispatchQueue, { ids: waiting }, { startAfter, singletonKey: `later:${startAfter.getTime()}:${waiting[0]}:${waiting.length}`, singletonSeconds: 3600 });
  }
  return result;
}

type SendOutcome = { ok: true } | { ok: false; reason: string; retry: boolean };

async function sendOne(n: NotificationRow, channel: DeliveryChannel, target: string, contact: Contact): Promise<SendOutcome> {
  const { email, sms, webPush, appPush, db, now } = runtime();
  const renderable: RenderableNotification = { id: n.id, kind: n.kind, title: n.title, body: n.body, url: n.url, data: n.data };
  switch (channel) {
    case 'email': {
      if (!contact.email) return { ok: false, reason: 'no email address', retry: false };
      const flag = KIND_RULES[n.kind].flag;
      const unsubscribe =
        flag && n.consumerId !== null
          ? (() => {
              const token = unsubscribeToken(n.consumerId, flag);
              return {
                pageUrl: `${publicUrl()}/unsubscribe?t=${token}`,
                oneClickUrl: `${publicUrl()}/api/notifications/unsubscribe?t=${token}`,
                label: FLAG_LABELS_BY_LANGUAGE[contact.language][flag],
              };
            })()
          : null;
      const rendered = renderEmail(renderable, { publicUrl: publicUrl(), unsubscribe, language: contact.language });
      try {
        await email.send({ to: contact.email, ...rendered });
      } catch (error) {
        const code = (error as { responseCode?: number }).responseCode;
        return { ok: false, reason: (error as Error).message, retry: !(code && code >= 500) };
      }
      return { ok: true };
    }
    case 'sms': {
      if (!contact.phoneNumber) return { ok: false, reason: 'no phone number', retry: false };
      await sms.send({ to: contact.phoneNumber, text: renderSms(renderable) });
      return { ok: true };
    }
    case 'web_push': {
      const sub = await db('pushSubscriptions').where({ id: Number(target.slice('web_push:'.length)) }).first();
      if (!sub) return { ok: false, reason: 'subscription gone', retry: false };
      // The browser must still be the recipient's (an endpoint moves to whoever subscribed last).
      if (sub.consumerId !== n.consumerId || sub.businessOwnerId !== n.businessOwnerId) return { ok: false, reason: 'subscription moved', retry: false };
      if (n.businessOwnerId !== null) {
        // Checked again when sent: access revoked since the message was planned sends nothing.
        const outletId = outletOf(n);
        if (outletId === null || !(await outletAccessStillHeld([{ businessOwnerId: n.businessOwnerId, outletId }], db)).size) {
          return { ok: false, reason: 'no access to the outlet', retry: false };
        }
      }
      const ttl = n.expiresAt ? Math.max(60, Math.floor((n.expiresAt.getTime() - now().getTime()) / 1000)) : 24 * 3600;
      const res = await webPush.send(sub, JSON.stringify(renderPush(renderable)), {
        ttlSeconds: Math.min(ttl, 4 * 7 * 24 * 3600),
        urgency: n.kind === 'flash_sale' ? 'high' : 'normal',
        topic: `n${n.id}`,
      });
      if (res.ok) {
        await db('pushSubscriptions').where({ id: sub.id }).update({ lastSuccessAt: now() });
        return { ok: true };
      }
      if (res.gone) await db('pushSubscriptions').where({ id: sub.id }).delete();
      return { ok: false, reason: res.reason, retry: res.retryable };
    }
    case 'app_push': {
      const token = await db('fcmTokens').where({ id: Number(target.slice('app_push:'.length)) }).first();
      if (!token) return { ok: false, reason: 'token gone', retry: false };
      const payload = renderPush(renderable);
      const ttl = n.expiresAt ? Math.max(60, Math.floor((n.expiresAt.getTime() - now().getTime()) / 1000)) : 24 * 3600;
      const res = await appPush.send(token.token, {
        title: payload.title,
        body: payload.body,
        data: { url: payload.url, notificationId: String(n.id), kind: n.kind },
        ttlSeconds: Math.min(ttl, 4 * 7 * 24 * 3600),
      });
      if (res.ok) return { ok: true };
      if (res.unregistered) await db('fcmTokens').where({ id: token.id }).delete();
      return { ok: false, reason: res.reason, retry: res.retryable };
    }
  }
}

// ---------------------------------------------------------------- inbox

export async function listInbox(consumerId: number, input: InboxListInput): Promise<InboxPage> {
  const { db } = runtime();
  const rows = await db('inboxItems as i')
    .join('notifications as n', 'n.id', 'i.notificationId')
    .where('i.consumerId', consumerId)
    .modify((q) => {
      if (input.cursor !== undefined) q.where('i.id', '<', input.cursor);
    })
    .orderBy('i.id', 'desc')
    .limit(input.limit + 1)
    .select<{ id: number; kind: NotificationKind; title: string; body: string; url: string; createdAt: Date; readAt: Date | null }[]>(
      'i.id',
      'n.kind',
      'n.title',
      'n.body',
      'n.url',
      'i.createdAt',
      'i.readAt',
    );
  const items = rows.slice(0, input.limit);
  return { items, unread: await unreadCount(consumerId), nextCursor: rows.length > input.limit ? items[items.length - 1]!.id : null };
}

export async function unreadCount(consumerId: number): Promise<number> {
  const row = await runtime().db('inboxItems').where({ consumerId }).whereNull('readAt').count({ n: '*' }).first();
  return Number(row?.n ?? 0);
}

/** Marks one item read (idempotent); another shopper's item is not found. */
export async function markRead(consumerId: number, id: number): Promise<{ id: number; url: string; unread: number }> {
  const { db, now } = runtime();
  const item = await db('inboxItems as i')
    .join('notifications as n', 'n.id', 'i.notificationId')
    .where({ 'i.id': id, 'i.consumerId': consumerId })
    .first<{ id: number; url: string } | undefined>('i.id', 'n.url');
  if (!item) throw notFound(NOTIFICATION_MESSAGES.notFound);
  await db('inboxItems').where({ id, consumerId }).whereNull('readAt').update({ readAt: now() });
  return { id, url: item.url, unread: await unreadCount(consumerId) };
}

export async function markAllRead(consumerId: number): Promise<{ unread: 0; updated: number }> {
  const { db, now } = runtime();
  const updated = await db('inboxItems').where({ consumerId }).whereNull('readAt').update({ readAt: now() });
  return { unread: 0, updated };
}

// ---------------------------------------------------------------- devices

export function pushConfig(): { publicKey: string } {
  return { publicKey: runtime().webPush.publicKey };
}

/** Whose a browser subscription (or an app token) is: a shopper, or a business account (payment alerts). */
type DeviceOwner = { consumerId: number } | { businessOwnerId: number };

/**
 * Keeps the owner's newest MAX_DEVICES_PER_KIND rows of `table` (by when they were last registered),
 * deleting the rest. Runs in the registering transaction, after the owner's row is locked, so two
 * registrations at once cannot both keep an eleventh.
 */
async function keepNewestDevices(trx: Knex.Transaction, table: 'pushSubscriptions' | 'fcmTokens', owner: DeviceOwner): Promise<void> {
  const keep = trx(table).where(owner).orderBy([{ column: 'updatedAt', order: 'desc' }, { column: 'id', order: 'desc' }]).limit(MAX_DEVICES_PER_KIND).select('id');
  await trx(table).where(owner).whereNotIn('id', keep).delete();
}

/** Locks the shopper's (or business account's) row for the rest of the transaction: its devices are registered one at a time. */
async function lockDeviceOwner(trx: Knex.Transaction, owner: DeviceOwner): Promise<void> {
  if ('consumerId' in owner) await trx.raw('SELECT id FROM consumers WHERE id = ? FOR NO KEY UPDATE', [owner.consumerId]);
  else await trx.raw('SELECT id FROM business_owners WHERE id = ? FOR NO KEY UPDATE', [owner.businessOwnerId]);
}

/**
 * Saves this browser's subscription for a shopper or a business account (an endpoint moves to whoever
 * subscribed last, shopper or account); each keeps their newest MAX_DEVICES_PER_KIND browsers.
 */
async function saveSubscription(owner: DeviceOwner, input: PushSubscriptionInput, userAgent: string | null): Promise<{ id: number }> {
  const { db, now, webPush } = runtime();
  // Only a browser push service's https endpoint: the server will POST to it (docs/notifications.md).
  if (webPush.endpointRefusal(input.endpoint) !== null) {
    throw badRequest(NOTIFICATION_MESSAGES.notPushService, { endpoint: NOTIFICATION_MESSAGES.notPushService });
  }
  return db.transaction(async (trx) => {
    await lockDeviceOwner(trx, owner);
    // A disabled account subscribes nothing (its session is refused too; this is the service's own word).
    if ('businessOwnerId' in owner) await activeBusinessAccount(owner.businessOwnerId, trx);
    const at = now();
    const agent = userAgent?.slice(0, 300) ?? null;
    const whose = 'consumerId' in owner ? { consumerId: owner.consumerId, businessOwnerId: null } : { consumerId: null, businessOwnerId: owner.businessOwnerId };
    const [row] = await trx('pushSubscriptions')
      .insert({ ...whose, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: agent, createdAt: at, updatedAt: at })
      .onConflict('endpoint')
      .merge({ ...whose, p256dh: input.keys.p256dh, auth: input.keys.auth, userAgent: agent, updatedAt: at })
      .returning('id');
    await keepNewestDevices(trx, 'pushSubscriptions', owner);
    return { id: row!.id };
  });
}

/**
 * Saves this browser's subscription for the shopper (an endpoint moves to whoever subscribed last); the
 * shopper keeps their newest MAX_DEVICES_PER_KIND browsers.
 */
export async function subscribePush(consumerId: number, input: PushSubscriptionInput, userAgent: string | null): Promise<{ id: number }> {
  return saveSubscription({ consumerId }, input, userAgent);
}

export async function unsubscribePush(consumerId: number, endpoint: string): Promise<{ removed: boolean }> {
  const removed = await runtime().db('pushSubscriptions').where({ consumerId, endpoint }).delete().returning('id');
  return { removed: removed.length > 0 };
}

// ---------------------------------------------------------------- owners' devices (payment alerts, issue 30)

/**
 * The counter's "Payment alerts on this device": saves this browser's subscription for the business
 * account (master or sub-account); the same endpoint rule (400), the same 10-browser cap under a row lock.
 */
export async function subscribeOwnerPush(businessOwnerId: number, input: PushSubscriptionInput, userAgent: string | null): Promise<OwnerPushDevice> {
  await saveSubscription({ businessOwnerId }, input, userAgent);
  return ownerPushDevice(businessOwnerId, input.endpoint);
}

/** Switch off: forgets this browser for the account (another account's or a shopper's row is untouched). */
export async function unsubscribeOwnerPush(businessOwnerId: number, endpoint: string): Promise<OwnerPushDevice & { removed: boolean }> {
  const removed = await runtime().db('pushSubscriptions').where({ businessOwnerId, endpoint }).delete().returning('id');
  return { ...(await ownerPushDevice(businessOwnerId, endpoint)), removed: removed.length > 0 };
}

/** Whether this browser (its endpoint) gets the account's payment alerts, and how many browsers do. */
export async function ownerPushDevice(businessOwnerId: number, endpoint: string | null): Promise<OwnerPushDevice> {
  const rows = await runtime().db('pushSubscriptions').where({ businessOwnerId }).select('endpoint');
  return { subscribed: endpoint !== null && rows.some((r) => r.endpoint === endpoint), devices: rows.length };
}

/** Devices that get this shopper's pushes (so /settings can say whether this browser is one). */
export async function pushDevices(consumerId: number): Promise<{ endpoints: string[]; appTokens: number }> {
  const { db } = runtime();
  const [subs, tokens] = await Promise.all([
    db('pushSubscriptions').where({ consumerId }).select('endpoint'),
    db('fcmTokens').where({ consumerId }).count({ n: '*' }).first(),
  ]);
  return { endpoints: subs.map((s) => s.endpoint), appTokens: Number(tokens?.n ?? 0) };
}

/**
 * `POST /api/notification/fcm-token` (SPEC §7): the Android wrapper's token for this shopper (a token
 * moves to whoever registered it last); the shopper keeps their newest MAX_DEVICES_PER_KIND tokens.
 */
export async function saveFcmToken(consumerId: number, input: FcmTokenInput): Promise<{ success: true }> {
  const { db, now } = runtime();
  await db.transaction(async (trx) => {
    await lockDeviceOwner(trx, { consumerId });
    const at = now();
    await trx('fcmTokens')
      .insert({ consumerId, token: input.token, platform: input.platform, createdAt: at, updatedAt: at })
      .onConflict('token')
      .merge({ consumerId, platform: input.platform, updatedAt: at });
    await keepNewestDevices(trx, 'fcmTokens', { consumerId });
  });
  return { success: true };
}

export async function deleteFcmToken(consumerId: number, token: string): Promise<{ success: true }> {
  await runtime().db('fcmTokens').where({ consumerId, token }).delete();
  return { success: true };
}

// ---------------------------------------------------------------- unsubscribe (RFC 8058)

/**
 * The token in an email's unsubscribe link: the shopper, the setting and a keyed hash of both under
 * APP_SECRET. Nothing is stored; it only ever turns that one setting off.
 */
export function unsubscribeToken(consumerId: number, flag: NotificationFlag): string {
  const index = NOTIFICATION_FLAGS.indexOf(flag);
  return `${consumerId}.${index}.${keyedHash(runtime().secret, 'unsubscribe', `${consumerId}:${flag}`).slice(0, 32)}`;
}

function readUnsubscribeToken(token: string): { consumerId: number; flag: NotificationFlag } {
  const m = /^(\d{1,15})\.(\d)\.([0-9a-f]{32})$/.exec(token);
  const flag = m ? NOTIFICATION_FLAGS[Number(m[2])] : undefined;
  if (!m || !flag || !safeEqual(unsubscribeToken(Number(m[1]), flag), token)) {
    throw badRequest(NOTIFICATION_MESSAGES.badUnsubscribeLink, { token: NOTIFICATION_MESSAGES.badUnsubscribeLink });
  }
  return { consumerId: Number(m[1]), flag };
}

/** What an unsubscribe link would turn off (the page shows it before the shopper confirms). */
export function describeUnsubscribe(token: string): UnsubscribeResult {
  const { flag } = readUnsubscribeToken(token);
  return { flag, label: FLAG_LABELS[flag] };
}

/** Turns the link's one setting off (the one-click POST, or the page's button). Idempotent. */
export async function unsubscribe(token: string): Promise<UnsubscribeResult> {
  const { consumerId, flag } = readUnsubscribeToken(token);
  try {
    await updateSettings(consumerId, { [flag]: false });
  } catch (error) {
    // A deleted account gets nothing anyway: the link still answers that the setting is off.
    if (!(error instanceof AppError && error.code === 'UNAUTHORIZED')) throw error;
  }
  return { flag, label: FLAG_LABELS[flag] };
}
