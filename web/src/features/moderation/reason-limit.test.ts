import { MODERATION_REASON_MAX as CONTRACT_LIMIT } from '@openlfg/contracts';
import { describe, expect, it } from 'vitest';
import { MODERATION_REASON_MAX } from './reason-limit';

describe('the reason limit', () => {
  it('is the API contract’s', () => {
    expect(MODERATION_REASON_MAX).toBe(CONTRACT_LIMIT);
  });
});
