import { ZDebugTraceSchema, ZFieldErrorsSchema } from '@cadence/contracts/errors';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDebugTrace, isFieldErrors } from './error-body';

const frame = fc.record(
  {
    file: fc.oneof(fc.string(), fc.integer()),
    line: fc.oneof(fc.integer(), fc.string()),
    column: fc.integer(),
    function: fc.oneof(fc.string(), fc.constant(null)),
    vendor: fc.oneof(fc.boolean(), fc.constant('true')),
  },
  { requiredKeys: ['file', 'vendor'] },
);
const debugTrace = fc.record(
  {
    exception: fc.oneof(fc.string(), fc.constant(null)),
    message: fc.oneof(fc.string(), fc.integer()),
    file: fc.oneof(fc.string(), fc.boolean()),
    line: fc.oneof(fc.integer(), fc.double()),
    trace: fc.oneof(fc.array(frame, { maxLength: 3 }), fc.constant({})),
    snippet: fc.record({
      startLine: fc.oneof(fc.integer(), fc.string()),
      lines: fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
      highlightLine: fc.integer(),
    }),
  },
  { requiredKeys: [] },
);
const fieldErrors = fc.oneof(
  fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.array(fc.string(), { maxLength: 3 }))),
  fc.dictionary(
    fc.string(),
    fc.oneof(fc.string(), fc.integer(), fc.array(fc.oneof(fc.string(), fc.boolean()))),
  ),
  fc.anything(),
);

describe('error body guards', () => {
  it('accept exactly what the contract accepts for field errors', () => {
    // Found by the property below in a CI run (2026-12-01): zod's record passes over `__proto__`.
    for (const body of ['{"__proto__":[0]}', '{"__proto__":[0],"email":"Taken."}', '{"email":[1]}'])
      expect(isFieldErrors(JSON.parse(body)), body).toBe(
        ZFieldErrorsSchema.safeParse(JSON.parse(body)).success,
      );
    fc.assert(
      fc.property(fieldErrors, (value) => {
        expect(isFieldErrors(value)).toBe(ZFieldErrorsSchema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it('accept exactly what the contract accepts for the debug trace', () => {
    fc.assert(
      fc.property(fc.oneof(debugTrace, fc.anything()), (value) => {
        expect(isDebugTrace(value)).toBe(ZDebugTraceSchema.safeParse(value).success);
      }),
      { numRuns: 500 },
    );
  });

  it('take a well-formed debug trace and field errors as they are', () => {
    const trace = {
      exception: 'TypeError',
      message: 'x is undefined',
      file: 'src/app.ts',
      line: 3,
      trace: [{ file: 'src/app.ts', line: 3, column: 1, function: 'main', vendor: false }],
      snippet: { startLine: 1, lines: ['a', 'b'], highlightLine: 2 },
    };
    expect(isDebugTrace(trace)).toBe(true);
    expect(isDebugTrace({ ...trace, trace: [{ file: 'x' }] })).toBe(false);
    expect(isFieldErrors({ email: ['Taken.'], name: 'Required.' })).toBe(true);
    expect(isFieldErrors({ email: [1] })).toBe(false);
    expect(isFieldErrors(['Required.'])).toBe(false);
  });
});
