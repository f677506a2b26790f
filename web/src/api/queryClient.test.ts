import { describe, expect, it } from 'vitest';
import { JUST_ANSWERED_MS, unlessJustAnswered } from './queryClient';

const answered = (ago: number, isInvalidated = false) => ({ state: { dataUpdatedAt: ago < 0 ? 0 : Date.now() - ago, isInvalidated } });

describe('a list read fresh on every visit, as it mounts', () => {
  it('is not asked again when its answer came a moment ago (its page asked for it beside its code)', () => {
    expect(unlessJustAnswered(answered(100))).toBe(false);
  });

  it('is asked when it has no answer, when the answer is older, or when a write invalidated it since', () => {
    expect(unlessJustAnswered(answered(-1))).toBe(true);
    expect(unlessJustAnswered(answered(JUST_ANSWERED_MS + 1_000))).toBe(true);
    expect(unlessJustAnswered(answered(100, true))).toBe(true);
  });
});
