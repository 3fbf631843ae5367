/** Server-side HTML sanitising of the events' rich-text fields (DOMPurify on a jsdom window). */
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const purify = createDOMPurify(new JSDOM('').window as unknown as Parameters<typeof createDOMPurify>[0]);

/** Keeps formatting and links; drops scripts, event handlers, frames, styles and javascript: URLs. */
export function sanitizeHtml(html: string): string {
  if (!html.trim()) return '';
  return purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'iframe'], FORBID_ATTR: ['style'] });
}
