import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import HME from 'h264-mp4-encoder';
import sharp from 'sharp';
import { escapeHtml } from '../shared/html.ts';
import type { SalesRepRecord } from './store.ts';

const WIDTH = 640;
const HEIGHT = 360;
const FPS = 10;
const SECONDS_PER_CUE = 4;

/** What the representative says in the video: the German captions, one cue per slide. */
function cuesOf(rep: SalesRepRecord): string[] {
  const first = rep.name.split(' ')[0];
  return [
    `Hallo, ich bin ${first} und betreue Deine Anfrage bei Beispiel Solar.`,
    'Ich rufe Dich in den nächsten Tagen an und beantworte Deine Fragen.',
    'Gemeinsam schauen wir, was auf Dein Dach und zu Deinem Verbrauch passt.',
    'Erreichen kannst Du mich per Telefon, WhatsApp oder E-Mail. Bis bald!',
  ];
}

const stamp = (seconds: number) => `00:00:${String(seconds).padStart(2, '0')}.000`;

/** WebVTT captions in German (`<track kind="captions" srclang="de">`). */
export function captionsOf(rep: SalesRepRecord): string {
  const cues = cuesOf(rep).map((text, i) => `${i + 1}\n${stamp(i * SECONDS_PER_CUE)} --> ${stamp((i + 1) * SECONDS_PER_CUE)}\n${text}`);
  return `WEBVTT - ${rep.name}, Vorstellung\n\n${cues.join('\n\n')}\n`;
}

const initials = (name: string) => name.split(' ').map((part) => part[0] ?? '').join('').slice(0, 2);

/** The representative's photo: an SVG portrait card with the initials (no real person's picture in the sandbox). */
export function photoOf(rep: SalesRepRecord): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="240" viewBox="0 0 240 240" role="img" aria-label="${escapeHtml(rep.name)}">
<rect width="240" height="240" rx="24" fill="#0b2545"/>
<circle cx="120" cy="96" r="52" fill="#f6b400"/>
<rect x="44" y="160" width="152" height="80" rx="40" fill="#f6b400"/>
<text x="120" y="112" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="44" font-weight="700" fill="#0b2545">${escapeHtml(initials(rep.name))}</text>
</svg>`;
}

function slideSvg(rep: SalesRepRecord, text: string, index: number, count: number): string {
  const words = text.split(' ');
  const lines: string[] = [];
  for (const word of words) {
    const last = lines.at(-1);
    if (last !== undefined && `${last} ${word}`.length <= 38) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const tspans = lines.map((line, i) => `<tspan x="320" dy="${i === 0 ? 0 : 34}">${escapeHtml(line)}</tspan>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<rect width="${WIDTH}" height="${HEIGHT}" fill="#0b2545"/>
<circle cx="320" cy="92" r="52" fill="#f6b400"/>
<text x="320" y="108" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="40" font-weight="700" fill="#0b2545">${escapeHtml(initials(rep.name))}</text>
<text x="320" y="186" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="22" font-weight="700" fill="#ffffff">${escapeHtml(rep.name)} · Beispiel Solar</text>
<text x="320" y="236" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#fff3cc">${tspans}</text>
<text x="600" y="340" text-anchor="end" font-family="DejaVu Sans, Arial, sans-serif" font-size="14" fill="#d3dae5">${index + 1}/${count}</text>
</svg>`;
}

/**
 * The introduction video (H.264 in MP4, 640×360, 16 s): one slide per caption cue with a progress bar, encoded with
 * h264-mp4-encoder (WebAssembly, no ffmpeg needed) and cached under the sandbox's data folder.
 */
export async function videoOf(rep: SalesRepRecord, dataDir: string): Promise<Buffer> {
  const file = path.join(dataDir, 'sales-media', `${rep.videoFileUuid}.mp4`);
  try {
    return await readFile(file);
  } catch {
    // not made yet
  }
  const cues = cuesOf(rep);
  const slides = await Promise.all(cues.map((text, i) => sharp(Buffer.from(slideSvg(rep, text, i, cues.length))).ensureAlpha().raw().toBuffer()));
  const encoder = await HME.createH264MP4Encoder();
  encoder.width = WIDTH;
  encoder.height = HEIGHT;
  encoder.frameRate = FPS;
  encoder.quantizationParameter = 30;
  encoder.initialize();
  const total = cues.length * SECONDS_PER_CUE * FPS;
  for (let frame = 0; frame < total; frame++) {
    const slide = slides[Math.floor(frame / (SECONDS_PER_CUE * FPS))] as Buffer;
    const pixels = new Uint8Array(slide);
    const bar = Math.round((WIDTH * (frame + 1)) / total);
    for (let y = HEIGHT - 6; y < HEIGHT; y++) {
      for (let x = 0; x < bar; x++) {
        const i = (y * WIDTH + x) * 4;
        pixels[i] = 0xf6;
        pixels[i + 1] = 0xb4;
        pixels[i + 2] = 0x00;
      }
    }
    encoder.addFrameRgba(pixels);
  }
  encoder.finalize();
  const video = Buffer.from(encoder.FS.readFile(encoder.outputFilename));
  encoder.delete();
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, video);
  return video;
}
