import sharp from 'sharp';

export type PhotoSubject = 'ROOF' | 'MODULES' | 'INVERTER' | 'STORAGE' | 'METER_CABINET' | 'WALLBOX' | 'OTHER';

const W = 1600;
const H = 1200;

/** Rows of solar modules on a roof plane (a trapezoid). */
function modules(x: number, y: number, cols: number, rows: number, w: number, h: number): string {
  let out = '';
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++)
      out += `<rect x="${x + c * (w + 6)}" y="${y + r * (h + 6)}" width="${w}" height="${h}" fill="#1d2b4f" stroke="#9fb3d9" stroke-width="3"/>` +
        `<line x1="${x + c * (w + 6) + w / 2}" y1="${y + r * (h + 6)}" x2="${x + c * (w + 6) + w / 2}" y2="${y + r * (h + 6) + h}" stroke="#3b4f7f" stroke-width="2"/>`;
  return out;
}

/** Drawn scenes standing in for the installer's site photos (the real ones are camera JPEGs of the same size). */
const SCENES: Record<PhotoSubject, (hue: number) => string> = {
  ROOF: (hue) => `<rect width="${W}" height="${H}" fill="hsl(${200 + hue},60%,78%)"/><circle cx="1350" cy="180" r="90" fill="#ffd54a"/>
    <polygon points="150,900 450,380 1150,380 1450,900" fill="#8d3b2f"/><rect x="150" y="900" width="1300" height="300" fill="#e9e1d3"/>
    <g transform="skewX(-8)">${modules(520, 440, 6, 3, 110, 140)}</g>`,
  MODULES: () => `<rect width="${W}" height="${H}" fill="#7a3128"/>${modules(80, 80, 6, 4, 230, 250)}`,
  INVERTER: () => `<rect width="${W}" height="${H}" fill="#d8d4cc"/><rect x="520" y="260" width="560" height="700" rx="30" fill="#f4f4f2" stroke="#555" stroke-width="6"/>
    <rect x="620" y="380" width="360" height="160" rx="12" fill="#1e3a2c"/><text x="800" y="480" font-size="64" text-anchor="middle" fill="#7cf59a" font-family="sans-serif">4,8 kW</text>
    <circle cx="800" cy="700" r="40" fill="#2e8b57"/><rect x="640" y="960" width="40" height="200" fill="#333"/><rect x="920" y="960" width="40" height="200" fill="#c0392b"/>`,
  STORAGE: () => `<rect width="${W}" height="${H}" fill="#cfd6dc"/><rect x="560" y="160" width="480" height="900" rx="24" fill="#fafafa" stroke="#666" stroke-width="6"/>
    <rect x="620" y="260" width="360" height="30" rx="15" fill="#2e8b57"/><rect x="620" y="320" width="360" height="30" rx="15" fill="#2e8b57"/><rect x="620" y="380" width="360" height="30" rx="15" fill="#9acd32"/>`,
  METER_CABINET: () => `<rect width="${W}" height="${H}" fill="#e6e2da"/><rect x="400" y="120" width="800" height="960" fill="#f7f7f5" stroke="#444" stroke-width="8"/>
    <rect x="480" y="200" width="640" height="360" fill="#ddd" stroke="#555" stroke-width="4"/><rect x="560" y="260" width="200" height="240" fill="#222"/><rect x="800" y="260" width="240" height="240" fill="#222"/>
    <text x="660" y="400" font-size="40" text-anchor="middle" fill="#e0e0e0" font-family="monospace">kWh</text>
    ${Array.from({ length: 10 }, (_, i) => `<rect x="${500 + i * 60}" y="640" width="44" height="160" fill="#f0f0f0" stroke="#333" stroke-width="3"/>`).join('')}`,
  WALLBOX: () => `<rect width="${W}" height="${H}" fill="#c9c3b8"/><rect x="620" y="260" width="360" height="520" rx="40" fill="#1f1f1f"/>
    <circle cx="800" cy="420" r="60" fill="#31c48d"/><path d="M800 780 C 800 1000, 1100 1000, 1150 1150" stroke="#111" stroke-width="30" fill="none"/>`,
  OTHER: (hue) => `<rect width="${W}" height="${H}" fill="hsl(${hue},30%,80%)"/>`,
};

/** A JPEG of the subject (about 1600×1200, like a phone photo), slightly varied by `variant`. */
export async function sitePhoto(subject: PhotoSubject, variant: number): Promise<{ bytes: Buffer; width: number; height: number }> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}">${SCENES[subject](variant * 7)}</svg>`;
  const bytes = await sharp(Buffer.from(svg)).jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  return { bytes, width: W, height: H };
}
