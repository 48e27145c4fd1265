/*
 * A site's files by their path under out/ and their identity (a hash of their bytes), as
 * two tables: the last build's, read from its record, and the one a build fills as it
 * makes its site. Most files of a build are the last build's, at the same path with the
 * same bytes; the new table notes each of those by its place in the last build's, one
 * byte each, and holds only the others itself, as an overlay holds only what differs from
 * the layer under it: a build keeps to its end only what it changed of the site's files,
 * not a second copy of them all (docs/performance.md, "Memory").
 */

/** Files by path, each with its identity: what the writer and the record read of a site. */
export interface FileTable {
  get(file: string): string | undefined;
  has(file: string): boolean;
  readonly size: number;
  keys(): Iterable<string>;
  values(): Iterable<string>;
  [Symbol.iterator](): Iterator<[string, string]>;
}

/** The last build's files, as its record lists them: each has a place, by which a new table refers to it. */
export class RecordedFiles implements FileTable {
  readonly #places = new Map<string, number>();
  readonly #ids: string[];

  /** The record's two lists of the same length (paths, identities); `ids` is kept, not copied. */
  constructor(paths: readonly string[], ids: string[]) {
    this.#ids = ids;
    paths.forEach((file, place) => this.#places.set(file, place));
  }

  /** Applies a change of the record: a file added or given new bytes. */
  set(file: string, id: string): void {
    const place = this.#places.get(file);
    if (place === undefined) this.#places.set(file, this.#ids.push(id) - 1);
    else this.#ids[place] = id;
  }

  /** Applies a change of the record: a file removed. */
  delete(file: string): void {
    this.#places.delete(file);
  }

  /** The place of `file`, if the last build made it. */
  placeOf(file: string): number | undefined {
    return this.#places.get(file);
  }

  idAt(place: number): string {
    return this.#ids[place]!;
  }

  /** How many places there are: every file's place is below this. */
  get places(): number {
    return this.#ids.length;
  }

  /** Each file with its place. */
  placed(): Iterable<[string, number]> {
    return this.#places;
  }

  get(file: string): string | undefined {
    const place = this.#places.get(file);
    return place === undefined ? undefined : this.#ids[place];
  }

  has(file: string): boolean {
    return this.#places.has(file);
  }

  get size(): number {
    return this.#places.size;
  }

  keys(): Iterable<string> {
    return this.#places.keys();
  }

  *values(): Generator<string> {
    for (const place of this.#places.values()) yield this.#ids[place]!;
  }

  *[Symbol.iterator](): Generator<[string, string]> {
    for (const [file, place] of this.#places) yield [file, this.#ids[place]!];
  }
}

/** The files of the site a build makes, over the last build's (see the top of this file). */
export class SiteFiles implements FileTable {
  readonly #base: RecordedFiles | null;
  /** By place in the base: 1 when this site has that file with the same bytes. */
  readonly #same: Uint8Array;
  #sameCount = 0;
  /** The files the base does not have as this site does: new, or with other bytes. */
  readonly #own = new Map<string, string>();

  constructor(base: RecordedFiles | null) {
    this.#base = base;
    this.#same = new Uint8Array(base?.places ?? 0);
  }

  set(file: string, id: string): this {
    const place = this.#base?.placeOf(file);
    const same = place !== undefined && this.#base!.idAt(place) === id;
    if (place !== undefined) this.#mark(place, same);
    if (same) this.#own.delete(file);
    else this.#own.set(file, id);
    return this;
  }

  /** Notes whether this site has the base's file at `place` with the same bytes. */
  #mark(place: number, same: boolean): void {
    if ((this.#same[place] === 1) === same) return;
    this.#same[place] = same ? 1 : 0;
    this.#sameCount += same ? 1 : -1;
  }

  get(file: string): string | undefined {
    const own = this.#own.get(file);
    if (own !== undefined || !this.#base) return own;
    const place = this.#base.placeOf(file);
    return place !== undefined && this.#same[place] ? this.#base.idAt(place) : undefined;
  }

  has(file: string): boolean {
    return this.get(file) !== undefined;
  }

  get size(): number {
    return this.#sameCount + this.#own.size;
  }

  *keys(): Generator<string> {
    for (const [file] of this) yield file;
  }

  *values(): Generator<string> {
    for (const [, id] of this) yield id;
  }

  *[Symbol.iterator](): Generator<[string, string]> {
    if (this.#base) for (const [file, place] of this.#base.placed()) if (this.#same[place]) yield [file, this.#base.idAt(place)];
    yield* this.#own;
  }
}
