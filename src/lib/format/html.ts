/**
 * Text made safe to put in HTML, as element content or as a quoted attribute value: `&`, `<`,
 * `>`, `"` and `'` become numeric character references.
 */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
