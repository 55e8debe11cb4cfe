// A Markdown file rendered (loaded on use): marked turns it into HTML and DOMPurify keeps only
// harmless markup. No script, event handler, style, form or frame survives; links open apart with
// rel=noopener; pictures come only from this server (through `resolveImage`) or data: addresses.
import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useDeferredValue, useMemo } from 'react';
import type { ImageResolver } from './markdown-file';

const marked = new Marked({ gfm: true, async: false });

function imageSource(src: string, resolveImage: ImageResolver): string | undefined {
  if (/^data:image\//i.test(src)) return src;
  const isRelative = !/^[a-z][a-z0-9+.-]*:/i.test(src) && !src.startsWith('/');
  if (isRelative) return resolveImage(src);
  try {
    return new URL(src, location.href).origin === location.origin ? src : undefined;
  } catch {
    return undefined;
  }
}

export function renderMarkdown(source: string, resolveImage: ImageResolver): string {
  const html = marked.parse(source) as string;
  // An instance of its own: its hooks apply to this rendering only.
  const purify = DOMPurify(window);
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A' && !(node.getAttribute('href') ?? '').startsWith('#')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else if (node.tagName === 'IMG') {
      const src = imageSource(node.getAttribute('src') ?? '', resolveImage);
      if (src) node.setAttribute('src', src);
      else node.removeAttribute('src');
    }
  });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object'],
    FORBID_ATTR: ['style', 'srcset', 'action', 'formaction'],
  });
}

export default function MarkdownView({
  source,
  resolveImage,
  label,
}: {
  source: string;
  resolveImage: ImageResolver;
  label: string;
}) {
  // Typing stays smooth in a long file: the rendering follows when the browser has time.
  const deferred = useDeferredValue(source);
  const html = useMemo(() => renderMarkdown(deferred, resolveImage), [deferred, resolveImage]);
  return (
    <article
      className="markdown-view"
      aria-label={label}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
