import { describe, expect, it } from 'vitest';
import { retryTransaction } from '../src/platform/db/retry.js';

const deadlock = () => Object.assign(new Error('deadlock detected'), { code: '40P01' });
const restart = () =>
  Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

function recorder() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (_object: object, message: string) => warnings.push(message) } };
}

describe('running a transaction again after a transient failure', () => {
  it('runs it again after a deadlock or a database restart, logging each failure, and answers its result', async () => {
    const { warnings, log } = recorder();
    const failures = [deadlock(), restart()];
    let runs = 0;
    const result = await retryTransaction(
      async () => {
        runs += 1;
        const failure = failures.shift();
        if (failure) throw failure;
        return 'deleted';
      },
      log,
      'deleting group 7',
    );
    expect(result).toBe('deleted');
    expect(runs).toBe(3);
    expect(warnings).toEqual([
      'deleting group 7 failed and was rolled back; trying again',
      'deleting group 7 failed and was rolled back; trying again',
    ]);
  });

  it('gives up after three attempts with the last failure', async () => {
    const { log } = recorder();
    let runs = 0;
    await expect(
      retryTransaction(
        async () => {
          runs += 1;
          throw deadlock();
        },
        log,
        'deleting',
      ),
    ).rejects.toThrow('deadlock detected');
    expect(runs).toBe(3);
  });

  it('never repeats a failure that is the request’s, such as a refusal', async () => {
    const { warnings, log } = recorder();
    let runs = 0;
    const refusal = Object.assign(new Error('Only the group’s creator can delete it.'), { statusCode: 403 });
    await expect(
      retryTransaction(
        async () => {
          runs += 1;
          throw refusal;
        },
        log,
        'deleting',
      ),
    ).rejects.toBe(refusal);
    expect(runs).toBe(1);
    expect(warnings).toEqual([]);
  });
});
