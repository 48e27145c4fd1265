// Writes a content.yaml with every image field filled, and the images it names (drawn here
// with sharp: gradients, shapes and a little grain, so they compress like photos, not like
// flat colour). The end-to-end tests, the image benchmark and the audit build it.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { parseDocument } from 'yaml';
import { syntheticContent } from './synthetic-content.js';

/** The pages whose content has a title and description, and so a social image. */
const PAGES_WITH_META = ['home', 'courses', 'courseList', 'about', 'faq', 'contact', 'ebooks', 'bundles', 'login', 'comingSoon', 'agencyHome', 'payment', 'policies', 'getStarted', 'notFound'];

/** A picture `width` × `height`: a diagonal gradient, a few soft shapes, a caption and grain; seeded, so the same every run. */
async function drawPicture(file, { width, height, seed, alpha = false }) {
  let state = seed * 7919 + 17;
  const random = () => ((state = (state * 48271) % 2147483647) / 2147483647);
  const hue = Math.floor(random() * 360);
  const shapes = Array.from({ length: 7 }, () => {
    const r = Math.round((0.08 + random() * 0.22) * Math.min(width, height));
    return `<circle cx="${Math.round(random() * width)}" cy="${Math.round(random() * height)}" r="${r}" fill="hsl(${(hue + random() * 120) % 360} 70% 60%)" opacity="0.55"/>`;
  }).join('');
  const ground = alpha ? '' : `<rect width="${width}" height="${height}" fill="url(#g)"/>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${hue} 60% 35%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360} 70% 15%)"/></linearGradient></defs>
    ${ground}${shapes}
    <text x="${Math.round(width * 0.08)}" y="${Math.round(height * 0.85)}" font-family="sans-serif" font-weight="800" font-size="${Math.round(height / 9)}" fill="#fff">Picture ${seed}</text>
  </svg>`;
  let image = sharp(Buffer.from(svg));
  if (!alpha) {
    const grain = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 14 } } })
      .png()
      .toBuffer();
    image = sharp(await image.png().toBuffer()).composite([{ input: grain, blend: 'soft-light' }]);
  }
  const extension = path.extname(file);
  image = extension === '.png' ? image.png() : extension === '.webp' ? image.webp({ quality: 90 }) : image.jpeg({ quality: 88 });
  await image.toFile(file);
}

/**
 * The real content (`realFile`) with every image field filled, written to `dir` with its
 * images in dir/media; with `courses`, synthetic content with that many courses (19 make
 * 50 images). Returns the content file's path and the number of images.
 */
export async function writeImageFixture(realFile, dir, options = {}) {
  const media = path.join(dir, 'media');
  mkdirSync(media, { recursive: true });
  const document = parseDocument(options.courses ? syntheticContent(realFile, options.courses) : readFileSync(realFile, 'utf8'));
  const pictures = [];
  const image = (name, size, alt, extra = {}) => {
    pictures.push({ file: path.join(media, name), ...size, seed: pictures.length + 1, alpha: extra.alpha });
    return { src: `media/${name}`, ...(alt ? { alt } : { decorative: true }) };
  };
  document.setIn(['site', 'logo'], image('logo.png', { width: 256, height: 256 }, null, { alpha: true }));
  document.setIn(['pages', 'about', 'founderPhoto'], image('founder.jpg', { width: 1200, height: 1500 }, 'The founder, smiling, in front of a whiteboard of plans'));
  for (const page of PAGES_WITH_META) document.setIn(['pages', page, 'socialImage'], image(`social-${page}.jpg`, { width: 1200, height: 630 }, `${page} page preview`));
  const books = document.getIn(['books']).items.length;
  for (let index = 0; index < books; index += 1) {
    const title = document.getIn(['books', index, 'title']);
    document.setIn(['books', index, 'cover'], image(`book-${index + 1}.jpg`, { width: 1000, height: 1400 }, `Cover of ${title}`));
  }
  const bundles = document.getIn(['bundles']).items.length;
  for (let index = 0; index < bundles; index += 1) document.setIn(['bundles', index, 'cover'], image(`bundle-${index + 1}.webp`, { width: 600, height: 840 }, null));
  const courses = document.getIn(['courses']).items.length;
  for (let index = 0; index < courses; index += 1) {
    const title = document.getIn(['courses', index, 'title']);
    document.setIn(['courses', index, 'thumbnail'], image(`course-${index + 1}.jpg`, { width: 1600, height: 900 }, `Still from the course ${title}`));
  }
  await Promise.all(pictures.map((picture) => drawPicture(picture.file, picture)));
  const contentFile = path.join(dir, 'content.yaml');
  writeFileSync(contentFile, `# The real content with every image field filled (scripts/image-fixture.js).\n${document.toString({ lineWidth: 0 })}`);
  return { contentFile, images: pictures.length };
}
