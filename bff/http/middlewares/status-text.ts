import { STATUS_CODES } from 'node:http';
import type { Response } from 'express';

/**
 * Astro copies its Response's `statusText` into `statusMessage`; a page that sets `Astro.response.status = 404` keeps
 * the initial "OK", so the wire said `404 OK`. Every page response gets its status's standard reason phrase instead.
 */
export function standardStatusText(res: Response): void {
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const reason = STATUS_CODES[status];
    if (reason) res.statusMessage = reason;
    // A reason phrase passed as the second argument gets the same treatment.
    if (typeof rest[0] === 'string' && reason) rest[0] = reason;
    return writeHead(status, ...rest);
  }) as Response['writeHead'];
}
