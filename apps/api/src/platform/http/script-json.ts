const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SCRIPT_ESCAPES: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
};

/**
 * JSON text made safe inside an inline `<script>`, in one pass: no `</script>` or `<!--` (the
 * HTML parser ends or hides the script there), no raw U+2028/9 (line terminators to old parsers).
 * The escapes are JSON's own, so the value reads back the same.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(UNSAFE_IN_SCRIPT, (char) => SCRIPT_ESCAPES[char] ?? char);
}
