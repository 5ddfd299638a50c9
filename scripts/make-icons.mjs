// Renders the PWA icons (192, 512, maskable) from public/icons/icon.svg. Run once after changing the SVG;
// the PNGs are committed so that installing the app needs no image tooling.
import sharp from 'sharp';

const svg = 'public/icons/icon.svg';
await sharp(svg).resize(192, 192).png().toFile('public/icons/icon-192.png');
await sharp(svg).resize(512, 512).png().toFile('public/icons/icon-512.png');
// Maskable icons need their motif inside the central 80% safe zone: pad the artwork on the brand colour.
const inner = await sharp(svg).resize(384, 384).png().toBuffer();
await sharp({ create: { width: 512, height: 512, channels: 4, background: '#0f5257' } })
  .composite([{ input: inner, left: 64, top: 64 }])
  .png()
  .toFile('public/icons/icon-maskable-512.png');
const innerSmall = await sharp(svg).resize(144, 144).png().toBuffer();
await sharp({ create: { width: 192, height: 192, channels: 4, background: '#0f5257' } })
  .composite([{ input: innerSmall, left: 24, top: 24 }])
  .png()
  .toFile('public/icons/icon-maskable-192.png');
await sharp(svg)
  .resize(180, 180)
  .flatten({ background: '#0f5257' })
  .png()
  .toFile('public/icons/apple-touch-icon.png');
console.log('icons written');
