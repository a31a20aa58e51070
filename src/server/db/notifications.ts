import pg from 'pg';

export interface Listener {
  /** Whether notifications are being received right now (a message may be missed while not). */
  up(): boolean;
  close(): Promise<void>;
}

/**
 * LISTENs on `channel` over a connection of its own, reconnecting with backoff when it is lost.
 * `onState(false)` comes first whenever the connection goes, before any notification could be
 * missed, and `onState(true)` once it listens again, so a cache fed by it knows when to distrust itself.
 */
export function listen(connectionString: string, channel: string, onPayload: (payload: string) => void, onState: (up: boolean) => void): Listener {
  let client: pg.Client | undefined;
  let isUp = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  let backoff = 500;

  const down = () => {
    if (isUp) onState((isUp = false));
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    void client?.end().catch(() => undefined);
    client = undefined;
    if (!closed) retry = setTimeout(connect, (backoff = Math.min(backoff * 2, 30_000))).unref();
  };

  async function connect(): Promise<void> {
    const c = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, keepAlive: true });
    client = c;
    c.on('error', down);
    c.on('end', down);
    c.on('notification', (m) => {
      if (m.channel === channel && m.payload) onPayload(m.payload);
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (closed || client !== c) return;
      backoff = 500;
      onState((isUp = true));
    } catch {
      if (client === c) down();
    }
  }

  void connect();
  return {
    up: () => isUp,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const c = client;
      client = undefined;
      if (isUp) onState((isUp = false));
      c?.removeAllListeners();
      c?.on('error', () => undefined);
      await c?.end().catch(() => undefined);
    },
  };
}
