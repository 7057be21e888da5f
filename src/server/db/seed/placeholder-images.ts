import sharp from 'sharp';
import type { Random } from './random.ts';

/**
 * Drawn demo photos: a sky, hills and a building whose shape and colours vary, rendered from SVG.
 * Nothing is downloaded, so a fresh install seeds offline.
 */
export async function drawDemoPhoto(random: Random, width = 1200, height = 750): Promise<Buffer> {
  const hue = random.int(0, 359);
  const sky = `hsl(${(hue + 190) % 360} 60% 78%)`;
  const skyTop = `hsl(${(hue + 210) % 360} 65% 58%)`;
  const hill = `hsl(${(hue + 100) % 360} 35% 42%)`;
  const wall = `hsl(${hue} 30% 88%)`;
  const roof = `hsl(${(hue + 15) % 360} 45% 38%)`;
  const floors = random.int(1, 4);
  const bw = random.int(360, 620);
  const bh = 120 + floors * 95;
  const bx = random.int(120, width - bw - 120);
  const by = height - 110 - bh;
  const windows: string[] = [];
  for (let f = 0; f < floors; f++) {
    for (let x = bx + 40; x < bx + bw - 70; x += 90) {
      windows.push(
        `<rect x="${x}" y="${by + 40 + f * 95}" width="50" height="55" rx="4" fill="hsl(${(hue + 200) % 360} 50% 35%)" opacity="0.85"/>`,
      );
    }
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="s" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${sky}"/></linearGradient></defs>
  <rect width="${width}" height="${height}" fill="url(#s)"/>
  <circle cx="${random.int(80, width - 80)}" cy="${random.int(60, 160)}" r="46" fill="#fff6c9" opacity="0.9"/>
  <path d="M0 ${height - 170} Q ${width * 0.3} ${height - 260} ${width * 0.6} ${height - 180} T ${width} ${height - 200} V ${height} H 0 Z" fill="${hill}" opacity="0.55"/>
  <rect x="${bx}" y="${by}" width="${bw}" height="${bh}" fill="${wall}"/>
  <path d="M${bx - 30} ${by} L${bx + bw / 2} ${by - random.int(70, 140)} L${bx + bw + 30} ${by} Z" fill="${roof}"/>
  ${windows.join('')}
  <rect x="${bx + bw / 2 - 35}" y="${by + bh - 110}" width="70" height="110" rx="6" fill="${roof}"/>
  <rect x="0" y="${height - 110}" width="${width}" height="110" fill="hsl(${(hue + 90) % 360} 30% 35%)"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}

/** A drawn profile photo: a head-and-shoulders silhouette on a soft gradient, one hue per picture. */
export async function drawDemoAvatar(hue: number, size = 400): Promise<Buffer> {
  const top = `hsl(${hue} 55% 72%)`;
  const bottom = `hsl(${(hue + 30) % 360} 50% 52%)`;
  const figure = `hsl(${(hue + 180) % 360} 25% 96%)`;
  const c = size / 2;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient></defs>
  <rect width="${size}" height="${size}" fill="url(#g)"/>
  <circle cx="${c}" cy="${size * 0.4}" r="${size * 0.17}" fill="${figure}"/>
  <path d="M${size * 0.16} ${size} C ${size * 0.18} ${size * 0.68}, ${size * 0.82} ${size * 0.68}, ${size * 0.84} ${size} Z" fill="${figure}"/>
</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1 }).toBuffer();
}
