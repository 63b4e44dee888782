import { z } from 'zod';
import { lazySchema } from './lazy-schema';

/** Spec 3 "Validation errors from the server": field name -> message or list of messages. */
export const ZFieldErrorsSchema = lazySchema(() =>
  z.record(z.string(), z.union([z.string(), z.array(z.string())])),
);
export type TFieldErrors = z.infer<typeof ZFieldErrorsSchema>;

/** Debug-mode payload (spec 2.3 full-screen error dialog); never sent outside debug mode. */
export const ZDebugTraceSchema = lazySchema(() =>
  z.object({
    exception: z.string(),
    message: z.string(),
    file: z.string().optional(),
    line: z.number().optional(),
    trace: z.array(
      z.object({
        file: z.string(),
        line: z.number().optional(),
        column: z.number().optional(),
        function: z.string().optional(),
        vendor: z.boolean(),
      }),
    ),
    snippet: z
      .object({ startLine: z.number(), lines: z.array(z.string()), highlightLine: z.number() })
      .optional(),
  }),
);
export type TDebugTrace = z.infer<typeof ZDebugTraceSchema>;

/** The api's one error envelope (ARCHITECTURE 3): `{message, errors?}` plus the debug payload. */
export const ZErrorEnvelopeSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    errors: ZFieldErrorsSchema.optional(),
    debug: ZDebugTraceSchema.optional(),
  }),
);
export type TErrorEnvelope = z.infer<typeof ZErrorEnvelopeSchema>;
