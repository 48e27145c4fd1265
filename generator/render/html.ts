/** Escapes text for HTML element content and double-quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Fills `{{name}}` placeholders; every value must already be safe HTML. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`the template uses {{${name}}}, which the generator does not provide`);
    return value;
  });
}

/**
 * JSON for inside a <script> element: `<`, `>` and `&` become \u escapes (as do the two
 * line separators JavaScript once rejected), so no "</script>" or "<!--" in the content
 * can end the block early. JSON parsers read the escapes back as the same characters.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
