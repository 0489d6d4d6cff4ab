import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi } from '../test/api-mock';
import { ApiError, apiFetch, onApiError } from './api-client';

describe('apiFetch', () => {
  it('GETs /api + path with cookies and asks for JSON, without a body', async () => {
    const { calls } = mockApi({ 'GET /api/health': () => ({ body: { status: 'ok' } }) });

    await expect(apiFetch('/health')).resolves.toEqual({ status: 'ok' });

    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe('/api/health');
    expect(call?.method).toBe('GET');
    expect(call?.init.credentials).toBe('include');
    expect(call?.init.headers).toEqual({ Accept: 'application/json' });
    expect(call?.init.body).toBeUndefined();
  });

  it('sends the body as JSON with a JSON content type on POST', async () => {
    const { calls } = mockApi({ 'POST /api/projects': () => ({ body: { data: [], totalPages: 0 } }) });

    await apiFetch('/projects', { method: 'POST', body: { page: 2, sortField: 'name' } });

    expect(calls[0]?.init.headers).toEqual({
      Accept: 'application/json',
      'Content-Type': 'application/json',
    });
    expect(calls[0]?.init.body).toBe('{"page":2,"sortField":"name"}');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it.each(['DELETE', 'POST', 'PUT', 'PATCH'] as const)(
    'sends {} with a JSON content type on %s without a body',
    async (method) => {
      const { calls } = mockApi({ [`${method} /api/account/logout`]: () => jsonResponse(204) });

      await apiFetch('/account/logout', { method });

      expect(calls[0]?.init.body).toBe('{}');
      expect(calls[0]?.init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    },
  );

  it('resolves undefined for 204 and for an empty 200', async () => {
    mockApi({
      'DELETE /api/account/logout': () => jsonResponse(204),
      'POST /api/messages/add-message': () => new Response('', { status: 200 }),
    });

    await expect(apiFetch('/account/logout', { method: 'DELETE' })).resolves.toBeUndefined();
    await expect(apiFetch('/messages/add-message', { method: 'POST' })).resolves.toBeUndefined();
  });

  it('throws an ApiError that reads "Error: {status}" and carries the server\'s code and message', async () => {
    mockApi();

    const error = await apiFetch('/account/check-auth').catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe('Error: 404');
    expect(error).toMatchObject({
      name: 'Error',
      message: '404',
      status: 404,
      code: 'NOT_FOUND',
      serverMessage: 'There is no API route GET /api/account/check-auth.',
    });
  });

  it('throws an ApiError without code or message when the error body is not the API shape', async () => {
    mockApi({ 'GET /api/projects/topics': () => new Response('Bad gateway', { status: 502 }) });

    const error = await apiFetch('/projects/topics').catch((caught: unknown) => caught);

    expect(String(error)).toBe('Error: 502');
    expect(error).toMatchObject({ status: 502, code: null, serverMessage: null });
  });

  describe('onApiError', () => {
    const removers: (() => void)[] = [];
    afterEach(() => removers.splice(0).forEach((remove) => remove()));

    it('tells listeners about every failed call, with the request, until removed', async () => {
      mockApi({
        'POST /api/group-projects/join': () => ({
          status: 403,
          body: { error: { code: 'SESSION_EXPIRED', message: 'Please log in again.' } },
        }),
        'GET /api/health': () => ({ body: { status: 'ok' } }),
      });
      const listener = vi.fn();
      const remove = onApiError(listener);
      removers.push(remove);

      await apiFetch('/health');
      expect(listener).not.toHaveBeenCalled();

      await expect(
        apiFetch('/group-projects/join', { method: 'POST', body: { groupProjectId: 3 } }),
      ).rejects.toThrow('403');
      expect(listener).toHaveBeenCalledTimes(1);
      const [error, request] = listener.mock.calls[0] ?? [];
      expect(error).toMatchObject({ status: 403, code: 'SESSION_EXPIRED' });
      expect(request).toEqual({ method: 'POST', path: '/group-projects/join' });

      remove();
      await expect(apiFetch('/group-projects/join', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
      expect(listener).toHaveBeenCalledTimes(1);
    });

    it('still rejects the call when a listener throws', async () => {
      mockApi();
      vi.spyOn(console, 'error').mockImplementation(() => undefined);
      removers.push(
        onApiError(() => {
          throw new Error('listener bug');
        }),
      );

      await expect(apiFetch('/nowhere')).rejects.toMatchObject({ status: 404 });
    });
  });
});
