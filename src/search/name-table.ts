// The search index's compact tree of names: two joined strings and typed arrays, no object per entry (docs/SEARCH.md).

import { scanFolder, scanLink, scanOther } from '../fs/folder-scan';
import { needsJsonEscaping, someNeedJsonEscaping } from '../http/json-text';

/** What an entry is, as its folder reported it; a link's target is judged at query time. */
export const kindOther = scanOther;
export const kindFolder = scanFolder;
export const kindLink = scanLink;
export type EntryKind = typeof kindOther | typeof kindFolder | typeof kindLink;

const kindMask = 3;
const flagDead = 4;
/** The name is not in NFC: a case-sensitive scan of the raw names would judge it wrongly. */
const flagNotNfc = 8;

/** A name can hold neither NUL nor "/": NUL separates names, so no match spans two of them. */
const separator = '\0';
const chunkNames = 8192;

const nonAscii = /[^\0-\x7f]/;

/** How the walk compares names (search.ts): lower case, then NFC (which leaves ASCII as it is). */
export function foldName(name: string): string {
  return nonAscii.test(name) ? name.toLowerCase().normalize('NFC') : name.toLowerCase();
}

function grown<T extends Uint8Array | Uint32Array | Int32Array | Float64Array>(
  array: T,
  needed: number,
): T {
  if (needed <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => T)(
    Math.max(needed, array.length * 2, 1024),
  );
  bigger.set(array);
  // A size not read yet is NaN, never 0: a total over it must not pass for known.
  if (bigger instanceof Float64Array) bigger.fill(NaN, array.length);
  return bigger;
}

/** Every this many code units of the names are counted: the rarest of a term's is what matters. */
const unitSampleStep = 16;

function sampledUnitCounts(text: string): Uint32Array {
  const counts = new Uint32Array(65_536);
  for (let at = 0; at < text.length; at += unitSampleStep) {
    const unit = text.charCodeAt(at);
    counts[unit] = (counts[unit] ?? 0) + 1;
  }
  return counts;
}

/**
 * Where `term` next occurs in `text` from a position, found through its rarest code unit: V8's
 * indexOf goes from one occurrence of the term's first unit to the next, and a term that begins
 * with a common letter took 6–12 ms over a million names where its rarest takes 3–4 (docs/SEARCH.md).
 */
function finderOf(text: string, term: string, counts: Uint32Array): (from: number) => number {
  let rarest = 0;
  for (let at = 1; at < term.length; at += 1)
    if ((counts[term.charCodeAt(at)] ?? 0) < (counts[term.charCodeAt(rarest)] ?? 0)) rarest = at;
  if (term.length < 2) return (from) => text.indexOf(term, from);
  const unit = term.charAt(rarest);
  return (from) => {
    for (let at = text.indexOf(unit, from + rarest); at !== -1; at = text.indexOf(unit, at + 1))
      if (text.startsWith(term, at - rarest)) return at - rarest;
    return -1;
  };
}

/**
 * Entry 0 is the indexed root. Entries below `baseCount` were added folder by folder before
 * `seal()`: each folder's children are contiguous and sorted, so a name is found by binary search,
 * and their names live in two joined strings that String.prototype.indexOf scans in one call.
 * Entries added later (outside changes, Drawer's writes) keep their names as ordinary strings
 * until the next compaction rebuilds the base. A removed entry is only flagged dead: its
 * descendants become unreachable, and queries check every ancestor anyway.
 */
export class NameTable {
  private names = '';
  private folded = '';
  private nameAt = new Uint32Array(0);
  private foldedAt = new Uint32Array(0);
  private baseCount = 0;
  private sealed = false;
  private parents = new Int32Array(1024);
  private flags = new Uint8Array(1024);
  private firstChild = new Uint32Array(1024);
  private childCount = new Uint32Array(1024);
  /** Bytes of each regular file (0 for other entries), NaN until read: sizes come after the names. */
  private sizes = new Float64Array(1024).fill(NaN);
  private count = 1;
  private deadCount = 0;
  /** While building: names not yet joined (one string may hold a folder's, joined), and the joined chunks. */
  private pendingNames: string[] = [];
  private pendingFolded: string[] = [];
  private pendingCount = 0;
  private nameChunks: string[] = [];
  private foldedChunks: string[] = [];
  private nameLength = 0;
  private foldedLength = 0;
  private buildNameAt = new Uint32Array(1024);
  private buildFoldedAt = new Uint32Array(1024);
  /** Names of entries added after sealing, by (index - baseCount). */
  private extraNames: string[] = [];
  private extraFolded: string[] = [];
  /** The live entries added after sealing, by folder and name: a lookup stays O(1) in a folder that grows. */
  private extraChildren = new Map<number, Map<string, number>>();
  private notNfc: number[] = [];
  /** Each base entry's place in the walk's order, made at the first query that needs it. */
  private walkRanks: Uint32Array | undefined;
  /** Whether no name needs escaping in JSON (namesArePlainJson), once asked. */
  private plainJson: boolean | undefined;
  /** How often each UTF-16 code unit occurs in the joined names, from a sample (rarestCodeUnit). */
  private unitCounts: { names?: Uint32Array; folded?: Uint32Array } = {};

  constructor() {
    this.parents[0] = -1;
    this.flags[0] = kindFolder;
    this.appendBaseName('');
  }

  /**
   * True when no name in the table needs escaping in JSON (no quote, backslash, control character
   * or lone surrogate, nearly always): an answer's lines are then written without a test per
   * path (src/search/search-lines.ts). One scan of the joined names at the first query.
   */
  namesArePlainJson(): boolean {
    this.plainJson ??=
      !someNeedJsonEscaping(this.names) && !this.extraNames.some((name) => needsJsonEscaping(name));
    return this.plainJson;
  }

  /** Entries ever added, dead ones included (the cap counts these). */
  get size(): number {
    return this.count;
  }

  get deadEntries(): number {
    return this.deadCount;
  }

  get addedSinceSeal(): number {
    return this.sealed ? this.count - this.baseCount : 0;
  }

  /** Bytes held by the strings and arrays (strings counted at one byte a character, as V8 stores Latin-1). */
  get approximateBytes(): number {
    const typed = [this.parents, this.flags, this.firstChild, this.childCount, this.sizes];
    const wide = (text: string) => (/[^\0-\xff]/.test(text) ? 2 : 1);
    let bytes = typed.reduce((sum, array) => sum + array.byteLength, 0);
    bytes += this.nameAt.byteLength + this.foldedAt.byteLength;
    bytes += this.names.length * wide(this.names) + this.folded.length * wide(this.folded);
    for (const name of this.extraNames) bytes += 2 * (name.length + 16);
    return bytes;
  }

  private appendBaseName(name: string): void {
    const index = this.count - 1;
    this.buildNameAt = grown(this.buildNameAt, index + 1);
    this.buildFoldedAt = grown(this.buildFoldedAt, index + 1);
    const folded = foldName(name);
    this.buildNameAt[index] = this.nameLength;
    this.buildFoldedAt[index] = this.foldedLength;
    this.nameLength += name.length + 1;
    this.foldedLength += folded.length + 1;
    this.pendingNames.push(name);
    this.pendingFolded.push(folded);
    this.pendingCount += 1;
    if (nonAscii.test(name) && name !== name.normalize('NFC')) {
      this.flags[index] = (this.flags[index] ?? 0) | flagNotNfc;
      this.notNfc.push(index);
    }
    if (this.pendingCount >= chunkNames) this.flushChunk();
  }

  private flushChunk(): void {
    if (this.pendingNames.length === 0) return;
    this.nameChunks.push(this.pendingNames.join(separator) + separator);
    this.foldedChunks.push(this.pendingFolded.join(separator) + separator);
    this.pendingNames = [];
    this.pendingFolded = [];
    this.pendingCount = 0;
  }

  private reserve(entries: number): void {
    const needed = this.count + entries;
    this.parents = grown(this.parents, needed);
    this.flags = grown(this.flags, needed);
    this.sizes = grown(this.sizes, needed);
    if (!this.sealed) {
      this.firstChild = grown(this.firstChild, needed);
      this.childCount = grown(this.childCount, needed);
    }
  }

  /**
   * Adds a folder's whole content at once, before sealing; returns the index of the first child
   * (the others follow in `names` order, which must be sorted as the walk sorts them).
   */
  addFolderContent(parent: number, names: readonly string[], kinds: ArrayLike<number>): number {
    const joined = names.join(separator);
    if (names.length > 0 && !nonAscii.test(joined))
      return this.addAsciiNames(parent, joined, kinds);
    if (this.sealed) throw new Error('the base of a sealed table is fixed');
    const first = this.count;
    this.reserve(names.length);
    this.firstChild[parent] = first;
    this.childCount[parent] = names.length;
    for (const [offset, name] of names.entries()) {
      this.parents[this.count] = parent;
      this.flags[this.count] = (kinds[offset] ?? kindOther) & kindMask;
      this.count += 1;
      this.appendBaseName(name);
    }
    return first;
  }

  /** addFolderContent for names already joined by NUL, as the tree's reader gives them (tree-reader.ts). */
  addJoinedContent(
    parent: number,
    joined: string,
    kinds: ArrayLike<number>,
    lengths?: ArrayLike<number>,
  ): number {
    if (kinds.length > 0 && !nonAscii.test(joined))
      return this.addAsciiNames(parent, joined, kinds, lengths);
    return this.addFolderContent(parent, kinds.length === 0 ? [] : joined.split(separator), kinds);
  }

  /**
   * All ASCII (nearly every folder): folded by one call, each name the same length folded, and
   * kept as one string for the folder, which the chunk's join separates as it would the names one
   * by one. Per name this was a tenth of the index's build (docs/SEARCH.md).
   */
  private addAsciiNames(
    parent: number,
    joined: string,
    kinds: ArrayLike<number>,
    lengths?: ArrayLike<number>,
  ): number {
    if (this.sealed) throw new Error('the base of a sealed table is fixed');
    const first = this.count;
    const count = kinds.length;
    this.reserve(count);
    this.firstChild[parent] = first;
    this.childCount[parent] = count;
    this.buildNameAt = grown(this.buildNameAt, first + count);
    this.buildFoldedAt = grown(this.buildFoldedAt, first + count);
    let from = 0;
    for (let offset = 0; offset < count; offset += 1) {
      let length = lengths?.[offset];
      if (length === undefined) {
        const end = joined.indexOf(separator, from);
        length = (end === -1 ? joined.length : end) - from;
      }
      const index = this.count;
      this.parents[index] = parent;
      this.flags[index] = (kinds[offset] ?? kindOther) & kindMask;
      this.buildNameAt[index] = this.nameLength;
      this.buildFoldedAt[index] = this.foldedLength;
      this.nameLength += length + 1;
      this.foldedLength += length + 1;
      this.count += 1;
      from += length + 1;
    }
    this.pendingNames.push(joined);
    this.pendingFolded.push(joined.toLowerCase());
    this.pendingCount += count;
    if (this.pendingCount >= chunkNames) this.flushChunk();
    return first;
  }

  /** A folder's content, into the base before sealing and as single entries after; returns the first index. */
  addChildren(parent: number, names: readonly string[], kinds: ArrayLike<number>): number {
    if (!this.sealed) return this.addFolderContent(parent, names, kinds);
    const first = this.count;
    for (const [offset, name] of names.entries())
      this.add(parent, name, ((kinds[offset] ?? kindOther) & kindMask) as EntryKind);
    return first;
  }

  /** Joins the names into the two scanned strings; later additions go to the extras. */
  seal(): void {
    this.flushChunk();
    this.names = this.nameChunks.join('');
    this.plainJson = undefined;
    this.folded = this.foldedChunks.join('');
    this.nameChunks = [];
    this.foldedChunks = [];
    this.baseCount = this.count;
    this.nameAt = new Uint32Array(this.baseCount + 1);
    this.nameAt.set(this.buildNameAt.subarray(0, this.baseCount));
    this.nameAt[this.baseCount] = this.names.length;
    this.foldedAt = new Uint32Array(this.baseCount + 1);
    this.foldedAt.set(this.buildFoldedAt.subarray(0, this.baseCount));
    this.foldedAt[this.baseCount] = this.folded.length;
    this.buildNameAt = new Uint32Array(0);
    this.buildFoldedAt = new Uint32Array(0);
    this.parents = this.parents.slice(0, this.count);
    this.flags = this.flags.slice(0, this.count);
    this.sizes = this.sizes.slice(0, this.count);
    this.firstChild = this.firstChild.slice(0, this.count);
    this.childCount = this.childCount.slice(0, this.count);
    this.sealed = true;
  }

  /** Adds one entry after sealing (a change seen on disk), replacing a live one of that name; returns its index. */
  add(parent: number, name: string, kind: EntryKind): number {
    if (!this.sealed) throw new Error('seal the table before adding single entries');
    const existing = this.childNamed(parent, name);
    if (existing !== -1) this.remove(existing);
    this.reserve(1);
    const index = this.count;
    this.count += 1;
    this.parents[index] = parent;
    this.flags[index] = kind;
    this.extraNames.push(name);
    this.extraFolded.push(foldName(name));
    if (this.plainJson === true && needsJsonEscaping(name)) this.plainJson = false;
    const siblings = this.extraChildren.get(parent);
    if (siblings) siblings.set(name, index);
    else this.extraChildren.set(parent, new Map([[name, index]]));
    return index;
  }

  remove(index: number): void {
    if (index <= 0 || this.isDead(index)) return;
    this.flags[index] = (this.flags[index] ?? 0) | flagDead;
    this.deadCount += 1;
    if (index < this.baseCount) return;
    const siblings = this.extraChildren.get(this.parentOf(index));
    const name = this.nameOf(index);
    if (siblings?.get(name) === index) siblings.delete(name);
  }

  isDead(index: number): boolean {
    return ((this.flags[index] ?? flagDead) & flagDead) !== 0;
  }

  /** The bytes of a regular file, 0 for anything else, NaN while not read (or for a folder). */
  sizeOf(index: number): number {
    return this.sizes[index] ?? Number.NaN;
  }

  setSize(index: number, bytes: number): void {
    if (index > 0 && index < this.count) this.sizes[index] = bytes;
  }

  kindOf(index: number): EntryKind {
    return ((this.flags[index] ?? 0) & kindMask) as EntryKind;
  }

  parentOf(index: number): number {
    return this.parents[index] ?? -1;
  }

  nameOf(index: number): string {
    if (index >= this.baseCount) return this.extraNames[index - this.baseCount] ?? '';
    return this.names.slice(this.nameAt[index], (this.nameAt[index + 1] ?? 1) - 1);
  }

  private foldedOf(index: number): string {
    if (index >= this.baseCount) return this.extraFolded[index - this.baseCount] ?? '';
    return this.folded.slice(this.foldedAt[index], (this.foldedAt[index + 1] ?? 1) - 1);
  }

  /** The live children of a folder, base ones first. */
  childrenOf(folder: number): number[] {
    const children: number[] = [];
    if (folder < this.baseCount) {
      const first = this.firstChild[folder] ?? 0;
      const end = first + (this.childCount[folder] ?? 0);
      for (let child = first; child < end; child += 1)
        if (!this.isDead(child)) children.push(child);
    }
    for (const child of this.extraChildren.get(folder)?.values() ?? []) children.push(child);
    return children;
  }

  /** The live child of `folder` named `name`, or -1. */
  childNamed(folder: number, name: string): number {
    if (folder < this.baseCount) {
      let low = this.firstChild[folder] ?? 0;
      let high = low + (this.childCount[folder] ?? 0) - 1;
      while (low <= high) {
        const middle = (low + high) >>> 1;
        const probe = this.nameOf(middle);
        if (probe === name) {
          if (!this.isDead(middle)) return middle;
          break;
        }
        if (probe < name) low = middle + 1;
        else high = middle - 1;
      }
    }
    return this.extraChildren.get(folder)?.get(name) ?? -1;
  }

  /** The entry at a path of names below the root, or -1. */
  lookup(segments: readonly string[]): number {
    let index = 0;
    for (const segment of segments) {
      if (this.kindOf(index) !== kindFolder) return -1;
      index = this.childNamed(index, segment);
      if (index === -1) return -1;
    }
    return index;
  }

  /** True for entries of the sealed base (those a compaction or the build added). */
  isBase(index: number): boolean {
    return index < this.baseCount;
  }

  /**
   * A base entry's place in the order the walk yields entries (a folder's entries, then the
   * contents of its folders, in name order): sorting results by it is sorting them as the walk
   * would, without comparing their paths. The base never changes once sealed, so the ranks are
   * made once, at the first query that asks.
   */
  walkRankOf(index: number): number {
    this.walkRanks ??= this.rankBase();
    return this.walkRanks[index] ?? 0;
  }

  private rankBase(): Uint32Array {
    const ranks = new Uint32Array(this.baseCount);
    const folders = [0];
    let next = 1;
    while (folders.length > 0) {
      const folder = folders.pop() as number;
      const first = this.firstChild[folder] ?? 0;
      const end = first + (this.childCount[folder] ?? 0);
      for (let child = first; child < end; child += 1) ranks[child] = next++;
      // Last pushed, first read: the first folder's whole content comes before the second's.
      for (let child = end - 1; child >= first; child -= 1)
        if (this.kindOf(child) === kindFolder) folders.push(child);
    }
    return ranks;
  }

  /** The names from the root down to the entry (the root itself: none). */
  segmentsOf(index: number): string[] {
    const segments: string[] = [];
    for (let at = index; at > 0; at = this.parentOf(at)) segments.push(this.nameOf(at));
    return segments.reverse();
  }

  /** True when the entry and every folder above it are live. */
  isReachable(index: number): boolean {
    for (let at = index; at > 0; at = this.parentOf(at)) if (this.isDead(at)) return false;
    return index >= 0;
  }

  /**
   * The base entry whose name holds `position`, searched from `from` on (an entry at or before
   * it): strides that double, then halving. A scan's matches come in order, often close together,
   * so this reads a few neighbouring offsets where a search of the whole array would miss the
   * cache at nearly every step (docs/SEARCH.md).
   */
  private baseEntryAfter(offsets: Uint32Array, position: number, from: number): number {
    let low = from;
    let stride = 1;
    while (low + stride < this.baseCount && (offsets[low + stride] ?? 0) <= position) {
      low += stride;
      stride *= 2;
    }
    let high = Math.min(low + stride, this.baseCount) - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((offsets[middle] ?? 0) <= position) low = middle;
      else high = middle - 1;
    }
    return low;
  }

  /**
   * Calls `visit` once for every live entry (the root aside) whose name contains one of the
   * terms, compared as the walk compares them: folded names unless case-sensitive, NFC always.
   * No terms: every live entry. Terms are folded already (parseSearchQuery).
   */
  forEachMatch(terms: readonly string[], caseSensitive: boolean, visit: (index: number) => void) {
    const usable = terms.filter((term) => !term.includes(separator));
    if (terms.length === 0) {
      for (let index = 1; index < this.count; index += 1) if (!this.isDead(index)) visit(index);
      return;
    }
    const seen = usable.length > 1 ? new Uint8Array(this.count) : undefined;
    const once = (index: number) => {
      if (this.isDead(index)) return;
      if (seen) {
        if (seen[index]) return;
        seen[index] = 1;
      }
      visit(index);
    };
    const text = caseSensitive ? this.names : this.folded;
    const offsets = caseSensitive ? this.nameAt : this.foldedAt;
    const counts = caseSensitive
      ? (this.unitCounts.names ??= sampledUnitCounts(text))
      : (this.unitCounts.folded ??= sampledUnitCounts(text));
    for (const term of usable) {
      const find = finderOf(text, term, counts);
      let position = find(0);
      let index = 0;
      while (position !== -1) {
        index = this.baseEntryAfter(offsets, position, index);
        // A raw name that is not NFC is judged below, on its normalised form.
        if (!(caseSensitive && ((this.flags[index] ?? 0) & flagNotNfc) !== 0)) once(index);
        position = find(offsets[index + 1] ?? text.length);
      }
    }
    const matches = (name: string) => usable.some((term) => name.includes(term));
    if (caseSensitive)
      for (const index of this.notNfc)
        if (matches(this.nameOf(index).normalize('NFC'))) once(index);
    for (let index = this.baseCount; index < this.count; index += 1) {
      const name = caseSensitive ? this.nameOf(index).normalize('NFC') : this.foldedOf(index);
      if (matches(name)) once(index);
    }
  }

  /**
   * A new table holding only the live, reachable entries, folder by folder; `remap[old]` is the
   * new index of each kept entry (-1 for the dropped).
   */
  compacted(): { table: NameTable; remap: Int32Array } {
    const table = new NameTable();
    const remap = new Int32Array(this.count).fill(-1);
    remap[0] = 0;
    const queue = [0];
    for (let head = 0; head < queue.length; head += 1) {
      const folder = queue[head] ?? 0;
      const children = this.childrenOf(folder).map((index) => ({
        index,
        name: this.nameOf(index),
      }));
      children.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      const first = table.addFolderContent(
        remap[folder] ?? 0,
        children.map((child) => child.name),
        children.map((child) => this.kindOf(child.index)),
      );
      for (const [offset, child] of children.entries()) {
        remap[child.index] = first + offset;
        table.sizes[first + offset] = this.sizeOf(child.index);
        if (this.kindOf(child.index) === kindFolder) queue.push(child.index);
      }
    }
    table.seal();
    return { table, remap };
  }
}
