import type { Engine } from '../core/call/engine.js';
import { sleep } from '../core/call/signal.js';
import { AbortError, InvalidRequestError } from '../core/errors.js';
import * as ROWS from '../endpoints/notifications.js';
import type { KnownNotification, Notification, NotificationList } from '../schemas/notifications.js';
import { call, id, list, type PageParams, type RequestOptions } from './shared.js';
import { write } from './write.js';

/** The notification variant whose `etype` can be `E`. */
export type NotificationOf<E extends KnownNotification['etype']> = KnownNotification extends infer N
  ? N extends { etype: infer T }
    ? E extends T
      ? N
      : never
    : never
  : never;

/** Narrows a notification to the variant of one `etype`. */
export function isNotificationOf<E extends KnownNotification['etype']>(
  notification: Notification,
  etype: E,
): notification is NotificationOf<E> {
  return notification.etype === etype;
}

export interface WatchOptions {
  /** Milliseconds between polls; default 60 000 (the answers' max-age). */
  interval?: number | undefined;
  /** Ends the watch: the loop returns at once, also in the middle of a wait. */
  signal?: AbortSignal | undefined;
  /** Also yield the notifications that exist when the watch starts. Default false. */
  includeExisting?: boolean | undefined;
  /** Page size of each poll; default 25. */
  per?: number | undefined;
}

/** The signed-in user's notifications (user token with the `notifications` scope). */
export function notificationsResource(engine: Engine) {
  const listNotifications = (params?: PageParams, options?: RequestOptions) =>
    list<Notification, NotificationList>(engine, {
      row: ROWS.list,
      items: (b) => b.notifications,
      params,
      options,
    });

  /**
   * Polls GET /notifications and yields each notification it has not seen before, oldest first.
   * Polls revalidate with the ETag (a 304 when nothing changed) and go through the client's rate
   * limiter; when a daily budget is set, polls are spaced so the rest of the day's budget lasts.
   */
  async function* watch(options: WatchOptions = {}): AsyncGenerator<Notification, void, undefined> {
    const interval = options.interval ?? 60_000;
    if (!(interval > 0))
      throw new InvalidRequestError('interval must be a number of ms > 0', 'InvalidParam', 'interval');
    const { signal } = options;
    const seen = new Set<number>();
    let first = true;
    try {
      while (!signal?.aborted) {
        const fresh: Notification[] = [];
        // Newest first: read pages until one holds only notifications already seen.
        for await (const page of listNotifications(
          { per: options.per ?? 25 },
          { signal, cache: 'no-cache' },
        ).pages()) {
          const unseen = page.items.filter((n) => !seen.has(n.id));
          for (const n of unseen) seen.add(n.id);
          fresh.push(...unseen);
          if (unseen.length < page.items.length || first) break;
        }
        if (!first || options.includeExisting) yield* fresh.reverse();
        first = false;
        await sleep(await pollDelay(engine, interval), signal);
      }
    } catch (error) {
      if (error instanceof AbortError && signal?.aborted) return;
      throw error;
    }
  }

  return {
    /** GET /notifications, newest first. */
    list: listNotifications,
    /** GET /notifications/:id */
    get: (notificationId: number, options?: RequestOptions) =>
      call(engine, {
        row: ROWS.get,
        ids: [notificationId],
        select: (b: { notification: Notification }) => b.notification,
        options,
      }),
    /** POST /notifications/view: marks them viewed (204). */
    markViewed: (ids: readonly number[], options?: RequestOptions) =>
      write<void>(engine, {
        row: ROWS.markViewed,
        check: () => {
          if (!Array.isArray(ids) || ids.length === 0) {
            throw new InvalidRequestError(
              'markViewed needs at least one notification id',
              'InvalidParam',
              'ids',
            );
          }
          for (const value of ids) id(value, 'ids');
        },
        body: { ids },
        options,
      }),
    watch,
  };
}

/** The wait before the next poll: the interval, or longer when the day's budget must be spread. */
async function pollDelay(engine: Engine, interval: number): Promise<number> {
  const usage = await engine.config.parts.limits.usage();
  if (usage.remaining === null) return interval;
  const untilReset = usage.resetsAt.getTime() - Date.now();
  return Math.max(interval, untilReset / Math.max(1, usage.remaining));
}

export type NotificationsResource = ReturnType<typeof notificationsResource>;
