// Renders the landing page's before/after illustrations from scripts/art/*.svg: "after" as drawn, "before" made
// dim, colour-cast and slightly tilted, the faults raumglanz fixes. Run once after changing the art; the WEBPs are
// committed so that the app ships without image tooling.
import sharp from 'sharp';

for (const scene of ['living', 'bedroom', 'kitchen']) {
  const svg = `scripts/art/${scene}.svg`;
  await sharp(svg).resize(800, 560).webp({ quality: 80 }).toFile(`public/testimonials/${scene}-after.webp`);
  // Enlarge before tilting so that cropping back to 800x560 leaves no empty corners.
  const tilted = await sharp(svg).resize(880, 616).rotate(2, { background: '#000000' }).toBuffer();
  const { width = 0, height = 0 } = await sharp(tilted).metadata();
  await sharp(tilted)
    .extract({
      left: Math.round((width - 800) / 2),
      top: Math.round((height - 560) / 2),
      width: 800,
      height: 560,
    })
    .modulate({ brightness: 0.62, saturation: 0.75 })
    .linear([0.92, 0.95, 1.08], [0, 0, 6])
    .webp({ quality: 80 })
    .toFile(`public/testimonials/${scene}-before.webp`);
}
console.log('testimonial images written');
