// Renders the installable app's PNG icons from the SVGs in client/public/icons with the system's
// Chromium (through Playwright, already a dev dependency), so no image tool or download is needed.
// Run after changing an SVG:  node --import tsx service-worker/tools/render-icons.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';

const ICONS = join(import.meta.dirname, '../../client/public/icons');
const OUTPUTS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  // Maskable: full-bleed background, the mark inside the central safe circle (80 % of the side).
  { svg: 'maskable-icon.svg', png: 'maskable-512.png', size: 512 },
  { svg: 'maskable-icon.svg', png: 'maskable-192.png', size: 192 },
  // iOS home screens take a square PNG and round it themselves.
  { svg: 'maskable-icon.svg', png: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { svg, png, size } of OUTPUTS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const markup = readFileSync(join(ICONS, svg), 'utf8').replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<html><body style="margin:0;background:transparent">${markup}</body></html>`);
    await page.locator('svg').screenshot({ path: join(ICONS, png), omitBackground: true });
    await page.close();
    console.info(`${png}: ${size}×${size}`);
  }
} finally {
  await browser.close();
}
