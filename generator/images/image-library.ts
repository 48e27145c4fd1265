import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import type { Sharp, SharpInput, SharpOptions } from 'sharp';
import { digest } from '../cache/digest.ts';
import { clearForFile, keepOnly, makeFolder, readTextNow } from '../cache/on-disk.ts';
import { CACHE_ROOT } from '../paths.ts';
import { escapeHtml } from '../render/html.ts';

/*
 * sharp (libvips) does every image the build makes: it rasterises the SVG of social cards
 * and icons, and frees each image's memory when its pipeline ends, so a build of ten
 * thousand cards holds no more than the few in flight.
 *
 * Fonts: the cards' text is set in Inter from the @expo-google-fonts/inter package (TTF
 * files, pinned by package-lock.json), never from the system. sharp finds fonts through
 * fontconfig, which is pointed at a configuration listing only those files: a fresh machine
 * needs no font package, and the same input gives the same PNG bytes on any machine with
 * the same sharp.
 */

const require = createRequire(import.meta.url);

/** The two weights the cards use, as files inside the font package. */
export const CARD_FONT_FILES = [
  require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
  require.resolve('@expo-google-fonts/inter/800ExtraBold/Inter_800ExtraBold.ttf'),
];
export const CARD_FONT_FAMILY = 'Inter';

type SharpFactory = (input?: SharpInput, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/**
 * The fontconfig configuration that lists the card fonts alone, kept in the package's
 * cache folder (`dir`). It names no folder for fontconfig's own cache: fontconfig reads the two
 * font files each time (a few milliseconds) and keeps nothing. The file is checked against
 * what it must say before each use, and written again if it differs: a copy changed by hand
 * or by a tool never sets a card's text in another font (a card is kept by what decides
 * its pixels, and this file must not be one of those things).
 */
export function fontConfigFile(dir = path.join(CACHE_ROOT, 'fontconfig')): string {
  const config = [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    ...CARD_FONT_FILES.map((font) => `  <dir>${escapeHtml(path.dirname(font))}</dir>`),
    '</fontconfig>',
    '',
  ].join('\n');
  const file = path.join(dir, `fonts-${digest(config).slice(0, 12)}.conf`);
  if (readTextNow(file) !== config) {
    makeFolder(dir);
    // Written beside, then renamed: a build starting meanwhile never reads half a file.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, config);
    clearForFile(file);
    renameSync(temporary, file);
    // What other versions kept here (their configurations, fontconfig's cache) is never read.
    keepOnly(dir, path.basename(file));
  }
  return file;
}

/**
 * sharp, loaded once per process with fontconfig set to the card fonts (it reads its
 * configuration when the library loads). Loaded by the build's own thread before any render
 * worker: a library a worker opened first would be unloaded when it ends (sharp's docs).
 */
export function loadSharp(): Promise<SharpFactory> {
  loading ??= (async () => {
    process.env.FONTCONFIG_FILE = fontConfigFile();
    const sharp = (await import('sharp')).default;
    // libvips keeps recent operations' results for reuse; every image here is drawn once.
    sharp.cache(false);
    return sharp as SharpFactory;
  })();
  return loading;
}

/**
 * How many renders run at once: each holds its image until done, so a batch of 64 cards
 * started together would hold 64 of them. As many as the cores keep them busy.
 */
export const RENDER_SLOTS = Math.min(4, availableParallelism());
let running = 0;
const queue: (() => void)[] = [];
/** Renders running now (for tests of the limit). */
export const rendersRunning = (): number => running;
/** Runs a sharp job once a slot is free (see RENDER_SLOTS). */
export async function renderSlot<T>(render: () => Promise<T>): Promise<T> {
  // A finished render hands its slot straight to the next in line, so a caller arriving
  // in between cannot take it too.
  if (running < RENDER_SLOTS) running += 1;
  else await new Promise<void>((resolve) => queue.push(resolve));
  try {
    return await render();
  } finally {
    const next = queue.shift();
    if (next) next();
    else running -= 1;
  }
}


let version: string | undefined;

/** sharp's exact version, which pins its libvips and encoders: part of every image's key. */
export function sharpVersion(): string {
  version ??= JSON.parse(readFileSync(path.join(path.dirname(require.resolve('sharp')), '..', 'package.json'), 'utf8')).version as string;
  return version;
}
