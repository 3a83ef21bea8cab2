import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { Client } from 'pg';
import { CLOCK, type Clock } from '../common/clock';
import { APP_CONFIG, type AppConfig } from '../config/config.module';

/** The one channel the triggers announce on; the payload names what changed (a `ChangeTopic`). */
export const CHANGES_CHANNEL = 'paddock_changes';

/**
 * What the triggers announce (migrations `*_listing_changes`, `*_request_caches`, `*_caller_changes`):
 * - `listing`: contents, folders, rights, groups and pre-flight reports, all a listing page shows;
 * - `callers`: the hub's sessions ended or changed, directory entries, disclaimers and their
 *   acceptances; the provider's tokens ended or shortened, users, groups and their members.
 */
export type ChangeTopic = 'listing' | 'callers';

/** After a failed connection, how long the feed waits before it tries again (callers meanwhile keep nothing). */
const RECONNECT_PAUSE_MS = 1_000;

/**
 * Committed changes announced on PostgreSQL's CHANGES_CHANNEL (triggers call `pg_notify`), heard on
 * a connection of its own. `generation(topic)` moves on with every announcement of the topic and
 * with every (re)connection.
 *
 * What a process keeps at one generation may be reused while the generation reads the same: NOTIFY
 * is delivered when the writing transaction commits, so anything computed from a snapshot older than
 * a change was computed before its announcement arrived, at an older generation. While the connection
 * is down nothing can be heard, so `generation` is undefined and nothing may be kept. The only lag is
 * the announcement's own trip from PostgreSQL (sub-millisecond on one host).
 */
@Injectable()
export class ChangeFeed implements OnModuleDestroy {
  private readonly logger = new Logger(ChangeFeed.name);
  private client: Client | undefined;
  private connecting = false;
  private closed = false;
  private retryAt = 0;
  /** Counts connections: nothing kept under one connection is trusted under the next. */
  private epoch = 0;
  private readonly heard = new Map<string, number>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'DATABASE_URL'>,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The generation of what has been announced on `topic`, or undefined while nothing can be heard.
   * The first call opens the connection (processes that never ask, such as workers, hold none).
   */
  generation(topic: ChangeTopic): string | undefined {
    if (this.client) return `${this.epoch}.${this.heard.get(topic) ?? 0}`;
    this.listen();
    return undefined;
  }

  /**
   * A change this process has just committed: its announcement is on its way, but the next request
   * of the person who made it may arrive first, so what was kept is dropped here at once.
   */
  changedHere(topic: ChangeTopic): void {
    this.heard.set(topic, (this.heard.get(topic) ?? 0) + 1);
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private listen(): void {
    if (this.connecting || this.closed || this.clock.now().getTime() < this.retryAt) return;
    this.connecting = true;
    void this.connect().finally(() => (this.connecting = false));
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.config.DATABASE_URL });
    client.on('notification', ({ channel, payload = '' }) => {
      if (channel === CHANGES_CHANNEL && this.client === client)
        this.heard.set(payload, (this.heard.get(payload) ?? 0) + 1);
    });
    client.on('error', (error) => this.drop(client, error));
    client.on('end', () => this.drop(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANGES_CHANNEL}`);
    } catch (error) {
      this.retryAt = this.clock.now().getTime() + RECONNECT_PAUSE_MS;
      this.logger.warn(`Cannot listen on ${CHANGES_CHANNEL}: ${(error as Error).message}`);
      await client.end().catch(() => undefined);
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.epoch++;
    this.client = client;
  }

  private drop(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    if (error) this.logger.warn(`Stopped listening on ${CHANGES_CHANNEL}: ${error.message}`);
    void client.end().catch(() => undefined);
  }
}
