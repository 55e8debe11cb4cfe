// Framework and unknown errors → AppError: each client error named for what it is, the rest masked.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { AppError } from '../../src/errors';
import { toAppError } from '../../src/http/error-handler';

const fastifyError = (code: string, statusCode: number) =>
  Object.assign(new Error(code), { code, statusCode });

describe('toAppError', () => {
  const rows: [string, unknown, string][] = [
    ['an AppError as it is', new AppError('fs.notFound'), 'fs.notFound'],
    ['malformed JSON', fastifyError('FST_ERR_CTP_INVALID_JSON_BODY', 400), 'request.badJson'],
    ['an empty JSON body', fastifyError('FST_ERR_CTP_EMPTY_JSON_BODY', 400), 'request.badJson'],
    ['a body over the limit', fastifyError('FST_ERR_CTP_BODY_TOO_LARGE', 413), 'request.tooLarge'],
    [
      'a body whose length is not its Content-Length',
      fastifyError('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400),
      'request.invalid',
    ],
    [
      'another client error, which is not about JSON',
      Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 }),
      'request.invalid',
    ],
    [
      'a URL that is not validly encoded',
      fastifyError('FST_ERR_BAD_URL', 400),
      'request.badEncoding',
    ],
    ['an unknown error, masked', new Error('disk on fire'), 'internal'],
    ['a stray SyntaxError, masked', new SyntaxError('Unexpected token'), 'internal'],
  ];
  for (const [name, error, code] of rows)
    it(`maps ${name} to ${code}`, () => assert.equal(toAppError(error).code, code));

  it('says what was wrong, not "not valid JSON", for a client error that is not JSON', () => {
    const mapped = toAppError(fastifyError('FST_ERR_CTP_INVALID_CONTENT_LENGTH', 400));
    assert.doesNotMatch(mapped.message, /JSON/);
  });
});
