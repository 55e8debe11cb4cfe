// JSON text written straight into a reused Buffer, for answers of many small records (a listing's items).
import { needsEscaping } from './json-text';

/** An ASCII fragment that is already JSON (`,"name":`, `true`), encoded once for `raw`. */
export function jsonFragment(text: string): Uint8Array {
  return Buffer.from(text, 'latin1');
}

/**
 * Writes JSON as JSON.stringify would, into one Buffer that grows as needed and is copied out by
 * `take()`. Building each record as strings and joining them made about 2 KB of garbage an item,
 * 200 MB for a listing of 100,000 (docs/LISTINGS.md); here a record costs no string of its own.
 */
export class JsonBytes {
  #buffer: Buffer;
  #at = 0;

  constructor(initialBytes = 64 * 1024) {
    this.#buffer = Buffer.allocUnsafe(initialBytes);
  }

  /** Room for `bytes` more. */
  #reserve(bytes: number): Buffer {
    if (this.#at + bytes > this.#buffer.length) {
      const grown = Buffer.allocUnsafe(2 * (this.#at + bytes));
      this.#buffer.copy(grown, 0, 0, this.#at);
      this.#buffer = grown;
    }
    return this.#buffer;
  }

  /** A fragment from jsonFragment, copied byte by byte (a call to Buffer.copy costs more). */
  raw(fragment: Uint8Array): this {
    const into = this.#reserve(fragment.length);
    for (let index = 0; index < fragment.length; index += 1)
      into[this.#at + index] = fragment[index] as number;
    this.#at += fragment.length;
    return this;
  }

  /** A string, quoted and escaped as JSON.stringify writes it. */
  string(text: string): this {
    // Three bytes a UTF-16 unit at most in UTF-8, and the quotes.
    const into = this.#reserve(3 * text.length + 2);
    let at = this.#at;
    into[at++] = 0x22;
    // Printable ASCII, most names, is copied here; anything else goes through Buffer.write.
    for (let index = 0; index < text.length; index += 1) {
      const code = text.charCodeAt(index);
      if (code < 0x20 || code >= 0x7f || code === 0x22 || code === 0x5c) return this.#other(text);
      into[at++] = code;
    }
    into[at++] = 0x22;
    this.#at = at;
    return this;
  }

  #other(text: string): this {
    const json = needsEscaping.test(text) ? JSON.stringify(text) : `"${text}"`;
    const into = this.#reserve(3 * json.length);
    this.#at += into.write(json, this.#at, 'utf8');
    return this;
  }

  /** A number as JSON.stringify writes it: null when it is not finite. */
  number(value: number): this {
    if (!Number.isSafeInteger(value) || value < 0) {
      const text = Number.isFinite(value) ? String(value) : 'null';
      this.#at += this.#reserve(text.length).write(text, this.#at, 'latin1');
      return this;
    }
    const into = this.#reserve(16);
    let digits = 1;
    for (let rest = value; rest >= 10; rest = Math.floor(rest / 10)) digits += 1;
    let rest = value;
    for (let at = this.#at + digits - 1; at >= this.#at; at -= 1) {
      into[at] = 0x30 + (rest % 10);
      rest = Math.floor(rest / 10);
    }
    this.#at += digits;
    return this;
  }

  /**
   * What was written since the last take, as text; the writer starts empty. Text, not a Buffer:
   * a socket copies what it cannot send at once into memory it frees when sent, where a Buffer's
   * memory lasts until V8 collects the object holding it (docs/LISTINGS.md).
   */
  take(): string {
    const text = this.#buffer.toString('utf8', 0, this.#at);
    this.#at = 0;
    return text;
  }
}
