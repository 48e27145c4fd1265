/*
 * Images as both sides see them. content.yaml names a source file and its alt text (imageSchema
 * in content-schema.ts); the generator makes the files each slot of the layout needs and hands the
 * pages an ImageView: the candidates by format and width, for <picture>. A slot is a place
 * in the layout: its shape, the widths it is shown at (the `sizes` attribute, as data) and
 * the widths made for it. The stylesheets give these places those widths; the two change together.
 */

/** Where an image is shown. */
export type ImageSlot = 'logo' | 'portrait' | 'bookCover' | 'bundleCover' | 'courseThumbnail' | 'courseHero' | 'social';

/** A width the slot is shown at: `vw`% of the viewport plus `px`, from viewports `from` px wide up. */
export interface SlotWidth {
  from: number;
  vw: number;
  px: number;
}

export interface SlotSpec {
  /** What the slot is, as a maintainer reads it in a problem. */
  label: string;
  /** Width to height: images are cropped to it. */
  aspect: readonly [number, number];
  /** The widths it is shown at, widest viewports first; the last applies from 0 up. */
  shown: readonly SlotWidth[];
  /** The widths made (1x and 2x of the widths it is shown at), smallest first; those wider than the source are skipped. */
  widths: readonly number[];
  /** The narrowest source that looks sharp at 1x wherever the slot is shown. */
  minWidth: number;
  /**
   * AVIF and WebP beside the fallback. Not for the social image (crawlers read JPEG) nor
   * the logo (a few KB as PNG, in the header of every page, whose script would need <picture>).
   */
  modern: boolean;
}

const px = (from: number, width: number): SlotWidth => ({ from, vw: 0, px: width });

export const SLOTS: Readonly<Record<ImageSlot, SlotSpec>> = {
  // The brand mark in the header: 2.25rem square.
  logo: { label: 'the logo mark', aspect: [1, 1], shown: [px(0, 36)], widths: [36, 72, 108], minWidth: 72, modern: false },
  // Beside the About page's heading: 18rem from 768 px, 60% of the screen below.
  portrait: { label: "the founder's photo", aspect: [4, 5], shown: [px(768, 288), { from: 0, vw: 60, px: 0 }], widths: [240, 288, 480, 576, 864], minWidth: 288, modern: true },
  // The book grid: about 220 px a column from 1024 px, three or four columns from 640 px, two below.
  bookCover: {
    label: 'a book cover',
    aspect: [5, 7],
    shown: [px(1024, 220), { from: 640, vw: 30, px: 0 }, { from: 0, vw: 50, px: -28 }],
    widths: [160, 240, 320, 480],
    minWidth: 240,
    modern: true,
  },
  // Beside a bundle's title: 6rem.
  bundleCover: { label: 'a bundle cover', aspect: [5, 7], shown: [px(0, 96)], widths: [96, 192], minWidth: 96, modern: true },
  // At the top of a course card: 16rem from 768 px, the card's width below.
  courseThumbnail: {
    label: 'a course thumbnail',
    aspect: [16, 9],
    shown: [px(768, 256), { from: 0, vw: 100, px: -80 }],
    widths: [256, 320, 512, 640],
    minWidth: 320,
    modern: true,
  },
  // Under a course page's heading: at most 45rem, the column's width below.
  courseHero: {
    label: "a course page's picture",
    aspect: [16, 9],
    shown: [px(800, 720), { from: 0, vw: 100, px: -40 }],
    widths: [360, 540, 720, 1080, 1440],
    minWidth: 720,
    modern: true,
  },
  // og:image and twitter:image: the size Open Graph's large card expects.
  social: { label: 'a social image', aspect: [1200, 630], shown: [px(0, 1200)], widths: [1200], minWidth: 1200, modern: false },
};

export type ImageType = 'image/avif' | 'image/webp' | 'image/jpeg' | 'image/png';

/** One file made for a slot. */
export interface ImageCandidate {
  url: string;
  width: number;
}

/** A srcset attribute: "url 240w, url 480w". */
export function srcsetOf(candidates: readonly ImageCandidate[]): string {
  return candidates.map((candidate) => `${candidate.url} ${candidate.width}w`).join(', ');
}

/** The candidates of a srcset attribute (as srcsetOf writes it). */
export function candidatesOf(srcset: string): ImageCandidate[] {
  return srcset.split(', ').map((candidate) => {
    const [url, width] = candidate.split(' ');
    return { url: url!, width: Number.parseInt(width!, 10) };
  });
}

/** An image as a page shows it: a srcset per format, the fallback last; written out, so the page's script builds no strings. */
export interface ImageView {
  slot: ImageSlot;
  alt: string;
  /** The fallback at the slot's 1x width, for a browser that reads no srcset. */
  src: string;
  /** Its intrinsic size, so the box is sized before the file arrives. */
  width: number;
  height: number;
  /** The slot's `sizes` attribute (sizesOf). */
  sizes: string;
  sources: { type: ImageType; srcset: string }[];
}

/** The `sizes` attribute of a slot: "(min-width: 768px) 288px, 60vw". */
export function sizesOf(slot: ImageSlot): string {
  return SLOTS[slot].shown
    .map((shown) => {
      const width = shown.vw === 0 ? `${shown.px}px` : shown.px === 0 ? `${shown.vw}vw` : `calc(${shown.vw}vw ${shown.px < 0 ? '-' : '+'} ${Math.abs(shown.px)}px)`;
      return shown.from > 0 ? `(min-width: ${shown.from}px) ${width}` : width;
    })
    .join(', ');
}

/** The CSS width a slot is shown at in a viewport `viewport` px wide (what `sizes` tells the browser). */
export function shownWidth(slot: ImageSlot, viewport: number): number {
  const shown = SLOTS[slot].shown.find((entry) => viewport >= entry.from) ?? SLOTS[slot].shown.at(-1)!;
  return (shown.vw * viewport) / 100 + shown.px;
}

/**
 * The candidate a browser picks from a srcset with `sizes`: the narrowest at least as wide
 * as the slot's width in device pixels, or the widest when none is.
 */
export function chosenCandidate(candidates: readonly ImageCandidate[], slot: ImageSlot, screen: { width: number; dpr: number }): ImageCandidate {
  const needed = shownWidth(slot, screen.width) * screen.dpr;
  const sorted = [...candidates].sort((a, b) => a.width - b.width);
  return sorted.find((candidate) => candidate.width >= needed) ?? sorted.at(-1)!;
}
