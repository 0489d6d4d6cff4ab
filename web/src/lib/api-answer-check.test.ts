import { describe, expect, it, vi } from 'vitest';
import { answerProblems, reportAnswerProblems } from './api-answer-check';

describe("development builds' answer check", () => {
  it('accepts an answer that fits its declared schema', () => {
    expect(answerProblems('checkAuth', { authenticated: true, devSignIn: false })).toEqual([]);
  });

  it('names the field of an answer that drifted from its declaration', () => {
    const problems = answerProblems('checkAuth', { authenticated: 'yes', devSignIn: false });
    expect(problems.join('\n')).toContain('/authenticated');
  });

  it('accepts no body where a 204 is declared, and refuses a missing body where one is due', () => {
    expect(answerProblems('logout', undefined)).toEqual([]);
    expect(answerProblems('checkAuth', undefined)).not.toEqual([]);
  });

  it('says so in the console, naming the endpoint', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    reportAnswerProblems('checkAuth', { authenticated: true });
    expect(error).toHaveBeenCalledWith(expect.stringContaining('The answer of checkAuth does not match'));
    error.mockRestore();
  });
});
