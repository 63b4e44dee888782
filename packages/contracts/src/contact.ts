import { z } from 'zod';
import { requiredString, ZEmailFieldSchema } from './auth';
import { lazySchema } from './lazy-schema';

/** Spec 2.13 and 5: name, email, message required; email of email type; recaptcha first when configured. */
export const CONTACT_SUBMITTED_MESSAGE = 'Your message has been submitted.';
export const CONTACT_MESSAGE_MAX = 5000;

export const ZContactPayloadSchema = lazySchema(() =>
  z.object({
    name: requiredString('name')
      .trim()
      .min(1, 'The name field is required.')
      .max(255, 'The name may not be greater than 255 characters.'),
    email: ZEmailFieldSchema,
    message: requiredString('message')
      .trim()
      .min(1, 'The message field is required.')
      .max(CONTACT_MESSAGE_MAX, `The message may not be greater than ${CONTACT_MESSAGE_MAX} characters.`),
    recaptcha_token: z.string().max(4000).optional(),
  }),
);
export type TContactPayload = z.infer<typeof ZContactPayloadSchema>;
