import { z } from 'zod';
import { type Translate, untranslated, validationMessage } from './validation-messages';

/**
 * Makes every zod default message a readable line ("The name field is required."). Messages a
 * schema states itself win over this map, so the spec's exact wording stays where it is given.
 */
export function installValidationMessages(translate: Translate = untranslated): void {
  z.config({ customError: (issue) => validationMessage(issue, translate) });
}
