/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * Fills `{{name}}` placeholders; every value must already be safe HTML. The template is
 * split once (a build fills the same one for every page: 10,000 regex passes were 2% of a
 * large build) and the last one is kept.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  if (template !== lastTemplate) {
    lastParts = template.split(/\{\{(\w+)\}\}/);
    lastTemplate = template;
  }
  // Literal text at even indexes, placeholder names at odd ones.
  const parts = lastParts;
  let html = parts[0]!;
  for (let index = 1; index < parts.length; index += 2) {
    const name = parts[index]!;
    const value = values[name];
    if (value === undefined) throw new Error(`the template uses {{${name}}}, which the generator does not provide`);
    html += value + parts[index + 1]!;
  }
  return html;
}
let lastTemplate: string | undefined;
let lastParts: string[] = [];
