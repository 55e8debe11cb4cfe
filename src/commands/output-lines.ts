// Cuts a process's streamed text into lines, the unit the command runner sends as one message.

/** A line longer than this is sent in pieces, so one endless line cannot grow a buffer without bound. */
export const maxLineLength = 64 * 1024;

export interface LineBuffer {
  /** The complete lines in `text` (with what earlier calls left over), without their newlines. */
  push(text: string): string[];
  /** What is left once the stream has ended: a last line without a newline, if any. */
  end(): string[];
}

export function createLineBuffer(limit = maxLineLength): LineBuffer {
  let pending = '';
  const withoutCarriageReturn = (line: string) => (line.endsWith('\r') ? line.slice(0, -1) : line);
  return {
    push(text) {
      const parts = (pending + text).split('\n');
      pending = parts.pop() ?? '';
      const lines = parts.map(withoutCarriageReturn);
      while (pending.length >= limit) {
        lines.push(pending.slice(0, limit));
        pending = pending.slice(limit);
      }
      return lines;
    },
    end() {
      const rest = pending;
      pending = '';
      return rest === '' ? [] : [withoutCarriageReturn(rest)];
    },
  };
}
