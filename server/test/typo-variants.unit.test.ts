import { describe, expect, it } from 'vitest';
import { typoVariants } from '../src/platform/typo-variants.js';

describe('typoVariants', () => {
  it('finds the word meant one slip away: swapped, doubled, wrong and missing letters', () => {
    expect(typoVariants('djnago')).toContain('django');
    expect(typoVariants('djangoo')).toContain('django');
    expect(typoVariants('reakt')).toContain('react');
    expect(typoVariants('djang')).toContain('django');
  });

  it('puts the likeliest slip first: a swap before a wrong letter', () => {
    const variants = typoVariants('raect');
    expect(variants.indexOf('react')).toBeLessThan(variants.indexOf('rauct'));
    expect(variants[0]).toBe('arect');
  });

  it('leaves short and very long words alone, and never answers the word itself', () => {
    expect(typoVariants('reac')).toEqual([]);
    expect(typoVariants('a'.repeat(17))).toEqual([]);
    const variants = typoVariants('eslint');
    expect(variants).not.toContain('eslint');
    expect(new Set(variants).size).toBe(variants.length);
  });
});
