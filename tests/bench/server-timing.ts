import http from 'node:http';

/** What one answer cost the portal, from its `Server-Timing` (docs/observability.md "Server-Timing"). */
export interface RenderCost {
  status: number;
  serverMs: number;
  db: number;
  dbMs: number;
  up: number;
  upMs: number;
}

/** `total;dur=12.5, db;dur=3;desc=4, up;dur=7.1;desc=2` → the figures; null when the value is missing or not ours. */
export function parseServerTiming(value: string | undefined): Omit<RenderCost, 'status'> | null {
  if (!value) return null;
  const entries = new Map(
    value.split(',').map((part) => {
      const [name = '', ...params] = part.trim().split(';');
      const param = (key: string) => params.find((p) => p.startsWith(`${key}=`))?.slice(key.length + 1);
      return [name, { dur: Number(param('dur')), desc: Number(param('desc')) }] as const;
    }),
  );
  const total = entries.get('total');
  const db = entries.get('db');
  const up = entries.get('up');
  if (!total || !db || !up) return null;
  return { serverMs: total.dur, db: db.desc, dbMs: db.dur, up: up.desc, upMs: up.dur };
}

/**
 * One GET, read to its end: the status and the whole answer's cost. A streamed page carries its complete figures in
 * the trailer (its layout works after the head), any other answer in the header; fetch exposes no trailers, hence
 * Node's http.
 */
export function oneRender(url: string, headers: Record<string, string>): Promise<RenderCost> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { ...headers, 'accept-encoding': 'br, gzip' } }, (response) => {
        response.resume();
        response.on('end', () => {
          const value = (response.trailers['server-timing'] ?? response.headers['server-timing']) as string | undefined;
          const cost = parseServerTiming(value);
          if (!cost) reject(new Error(`${url}: no Server-Timing in the answer (${response.statusCode})`));
          else resolve({ status: response.statusCode ?? 0, ...cost });
        });
        response.on('error', reject);
      })
      .on('error', reject);
  });
}
