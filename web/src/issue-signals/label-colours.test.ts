import { describe, expect, it } from 'vitest';
import { labelColours } from './label-colours';

describe("an issue label's colours", () => {
  it('puts white text on dark labels and black text on light ones', () => {
    expect(labelColours('5319e7')).toEqual({ background: '#5319e7', color: '#ffffff' });
    expect(labelColours('#FBCA04')).toEqual({ background: '#fbca04', color: '#000000' });
    expect(labelColours('ffffff')).toEqual({ background: '#ffffff', color: '#000000' });
  });

  it('gives none for a missing or malformed colour', () => {
    expect(labelColours(null)).toBeNull();
    expect(labelColours('red')).toBeNull();
    expect(labelColours('fff')).toBeNull();
  });
});
