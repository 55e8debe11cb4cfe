// The 405 table computed from the recorded routes: what each path refuses, and what Allow says.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { methodRefusals } from '../../src/http/method-not-allowed';

describe('methodRefusals', () => {
  const refusalsOf = (routes: Record<string, string[]>) =>
    Object.fromEntries(
      methodRefusals(
        new Map(Object.entries(routes).map(([url, methods]) => [url, new Set(methods)])),
      ).map(({ url, allowed, refused }) => [url, { allowed, refused }]),
    );

  it('refuses every other method, GET bringing HEAD', () => {
    assert.deepEqual(refusalsOf({ '/api/raw/*': ['GET'], '/api/login': ['POST'] }), {
      '/api/raw/*': {
        allowed: ['GET', 'HEAD'],
        refused: ['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      },
      '/api/login': {
        allowed: ['POST'],
        refused: ['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      },
    });
  });

  it('leaves a method a broader wildcard serves to that wildcard', () => {
    const refusals = refusalsOf({
      '/api/resources/*': ['GET', 'DELETE'],
      '/api/resources/recursive/*': ['GET'],
    });
    assert.deepEqual(refusals['/api/resources/recursive/*'], {
      allowed: ['GET', 'HEAD', 'DELETE'],
      refused: ['POST', 'PUT', 'PATCH', 'OPTIONS'],
    });
  });

  it('refuses at a broad wildcard what only a narrower one serves', () => {
    const refusals = refusalsOf({ '/api/site/*': ['GET'], '/api/site/posts/*': ['GET', 'POST'] });
    assert.deepEqual(refusals['/api/site/*']?.refused, [
      'POST',
      'PUT',
      'PATCH',
      'DELETE',
      'OPTIONS',
    ]);
    assert.deepEqual(refusals['/api/site/posts/*']?.allowed, ['GET', 'HEAD', 'POST']);
  });

  it('registers nothing for a path that takes every method', () => {
    const every = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
    assert.deepEqual(refusalsOf({ '/api/all': every }), {});
  });
});
