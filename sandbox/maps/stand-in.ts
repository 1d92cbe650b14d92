import { createHash } from 'node:crypto';
import express from 'express';
import sharp from 'sharp';
import { createStandIn } from '../shared/stand-in.ts';
import type { StandIn } from '../stand-in-types.ts';

/** A stylised street map around the address (deterministic per address) with a marker in the middle. */
async function staticMap(address: string, width: number, height: number): Promise<Buffer> {
  const seed = createHash('sha256').update(address).digest();
  const streets: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = ((seed[i] ?? 0) / 255) * width;
    const y = ((seed[i + 6] ?? 0) / 255) * height;
    streets.push(`<line x1="${x}" y1="0" x2="${x + ((seed[i + 12] ?? 0) - 128) / 2}" y2="${height}" stroke="#fff" stroke-width="${6 + (i % 3) * 3}"/>`);
    streets.push(`<line x1="0" y1="${y}" x2="${width}" y2="${y + ((seed[i + 18] ?? 0) - 128) / 3}" stroke="#fff" stroke-width="${5 + (i % 2) * 4}"/>`);
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#e8e4d8"/><rect x="${width * 0.6}" y="${height * 0.1}" width="${width * 0.3}" height="${height * 0.3}" fill="#cfe3c1"/>${streets.join('')}<circle cx="${width / 2}" cy="${height / 2 - 14}" r="14" fill="#c62828"/><path d="M${width / 2 - 10} ${height / 2 - 8} L${width / 2} ${height / 2 + 12} L${width / 2 + 10} ${height / 2 - 8}Z" fill="#c62828"/><circle cx="${width / 2}" cy="${height / 2 - 14}" r="5" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 9 }).toBuffer();
}

/** A static-map service under `/maps/api` (API key header), like the big vendors' static map endpoints. */
export const mapsStandIn: StandIn = {
  name: 'maps',
  async start({ config }) {
    const router = createStandIn({
      apiPath: '/api',
      auth: { apiKeyHeader: 'x-api-key', apiKey: config.MAPS_API_KEY },
      api(api) {
        api.get('/staticmap', async (req, res) => {
          const center = typeof req.query.center === 'string' ? req.query.center.slice(0, 200) : '';
          const width = Math.min(Math.max(Number(req.query.width) || 640, 100), 1280);
          const height = Math.min(Math.max(Number(req.query.height) || 320, 100), 1280);
          if (!center) {
            res.status(400).json({ error: 'center is required' });
            return;
          }
          res.type('image/png').send(await staticMap(center, width, height));
        });
      },
    });
    const outer = express.Router();
    outer.use(router);
    return { mountPath: '/maps', router: outer };
  },
};
