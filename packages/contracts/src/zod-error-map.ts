import { z } from 'zod';
import { type Translate, untranslated, validationMessage } from './validation-messages';

type Source = { line: string; values: Record<string, string | number> };

/** The line and values each rendered message came from, so a response can be translated. */
const sources = new Map<string, Source>();
/** Messages are few (one per rule, field and bound): the bound only guards against odd input. */
const MAX_SOURCES = 5_000;

/**
 * Makes every zod default message a readable line ("The name field is required."). Messages a
 * schema states itself win over this map, so the spec's exact wording stays where it is given.
 */
export function installValidationMessages(): void {
  z.config({
    customError: (issue) => {
      let source: Source | undefined;
      const message = validationMessage(issue, (line, values) => {
        source = { line, values };
        return untranslated(line, values);
      });
      if (source && sources.size < MAX_SOURCES) sources.set(message, source);
      return message;
    },
  });
}

/**
 * A validation message in the reader's language: a line of this map through its source line
 * and values, any other message (one a schema states) as a line of its own.
 */
export function translateValidationMessage(message: string, lines: Readonly<Record<string, string>>): string {
  const source = sources.get(message);
  const translate: Translate = (line, values) => untranslated(lines[line] || line, values);
  return source ? translate(source.line, source.values) : lines[message] || message;
}
