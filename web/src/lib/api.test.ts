import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/api-mock';
import { callApi } from './api';
import { ApiError } from './api-client';

afterEach(() => vi.unstubAllGlobals());

describe('callApi', () => {
  it('sends a body to the declared method and path, and answers the parsed answer', async () => {
    const { calls } = mockApi({
      'POST /api/group-projects/join': () => ({
        body: { groupProjectId: 7, viewerRole: 'member', memberCount: 2 },
      }),
    });
    const answer = await callApi('joinGroup', { body: { groupProjectId: 7 } });
    expect(answer.memberCount).toBe(2);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/group-projects/join',
      body: { groupProjectId: 7 },
    });
  });

  it('puts path parameters in the path and the query in the query string', async () => {
    const { calls } = mockApi({
      'GET /api/group-projects/42': () => ({ body: {} }),
      'GET /api/messages/history': () => ({ body: { data: [], hasOlder: false } }),
    });
    await callApi('groupCard', { params: { groupProjectId: 42 } });
    await callApi('messageHistory', { query: { groupProjectId: 3, before: 10 } });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/group-projects/42',
      '/api/messages/history?groupProjectId=3&before=10',
    ]);
  });

  it('sends {} on a state-changing call without a body, and answers nothing for a 204', async () => {
    const { calls } = mockApi({ 'DELETE /api/account/logout': () => ({ status: 204 }) });
    await expect(callApi('logout')).resolves.toBeUndefined();
    expect(calls[0]?.body).toEqual({});
  });

  it('rejects with the server’s error', async () => {
    mockApi({
      'POST /api/group-projects/join': () => ({
        status: 409,
        body: { error: { code: 'CONFLICT', message: 'This group is full.' } },
      }),
    });
    const failure = callApi('joinGroup', { body: { groupProjectId: 7 } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 409, serverMessage: 'This group is full.' });
  });

  it('is typed from the declarations', () => {
    // Compile-time only: each line is an error tsc must report, so a wrong call cannot build.
    const never = () => {
      // @ts-expect-error an endpoint that is not declared
      void callApi('joinTheGroup', { body: { groupProjectId: 1 } });
      // @ts-expect-error a body field the endpoint does not take
      void callApi('joinGroup', { body: { groupId: 1 } });
      // @ts-expect-error a path parameter left out
      void callApi('groupCard', {});
    };
    expect(typeof never).toBe('function');
  });
});
