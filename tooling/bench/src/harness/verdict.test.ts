import { describe, expect, it } from 'vitest';
import { exitCodeOf, verdictOf } from './verdict';

describe('verdictOf', () => {
  it('passes a goal met on a quiet machine', () => {
    expect(verdictOf(true, false)).toBe('pass');
  });

  it('does not vouch for a goal met on a busy machine', () => {
    expect(verdictOf(true, true)).toBe('unmeasured (busy)');
  });

  it('passes a fixed floor met on a busy machine (busy only lowers ours), and misses one not met', () => {
    expect(verdictOf(true, true, true)).toBe('pass');
    expect(verdictOf(false, true, true)).toBe('miss');
  });

  it('keeps a miss a miss whether or not the machine was busy', () => {
    expect(verdictOf(false, false)).toBe('miss');
    expect(verdictOf(false, true)).toBe('miss');
  });
});

describe('exitCodeOf', () => {
  const pass = { verdict: 'pass' as const };
  const miss = { verdict: 'miss' as const };
  const busy = { verdict: 'unmeasured (busy)' as const };

  it('succeeds when every benchmark ran, even with misses', () => {
    expect(exitCodeOf('full', [pass, miss], [])).toBe(0);
  });

  it('fails when a benchmark could not run, in either mode', () => {
    expect(exitCodeOf('full', [pass], [{ metric: 'x' }])).toBe(1);
    expect(exitCodeOf('smoke', [pass], [{ metric: 'x' }])).toBe(1);
  });

  it('fails a full run that reports a goal it cannot vouch for', () => {
    expect(exitCodeOf('full', [pass, busy], [])).toBe(1);
  });

  it('never fails for a figure reported without a goal', () => {
    expect(exitCodeOf('full', [{ verdict: 'reported' as const }], [])).toBe(0);
  });

  it('lets a busy smoke run succeed: smoke only proves the benchmarks run', () => {
    expect(exitCodeOf('smoke', [busy, miss], [])).toBe(0);
  });
});
