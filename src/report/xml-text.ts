/**
 * Text in junit.xml, both ways: the entities vitest's writer uses (& < > ") and back, and an
 * attribute value made safe whatever it holds (characters XML 1.0 does not allow dropped; quotes
 * and line breaks written as references, so a reader keeps them).
 *
 *   escapeXml('a < b & "c"')       // 'a &lt; b &amp; &quot;c&quot;'
 *   escapeAttribute("it's\nok")     // 'it&apos;s&#10;ok'
 */

/** Characters XML 1.0 does not allow, even escaped. */
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

export const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export const unescapeXml = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

export const escapeAttribute = (s: string) =>
  escapeXml(s.replace(NOT_XML, '')).replace(/'/g, '&apos;').replace(/\r/g, '&#13;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
