// The guessable-password check applied to every new or changed password.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isTooEasy } from '../../src/auth/easy-passwords';
import { checkPasswordPolicy } from '../../src/auth/passwords';

describe('isTooEasy', () => {
  const easy = [
    'password123456',
    '123456789012',
    'aaaaaaaaaaaa',
    'ababababababab',
    'qwertyuiop12',
    'passwordpassword',
    'iloveyou1234',
    'P@ssw0rd2024!',
    '1q2w3e4r5t6y',
    'zxcvbnm12345',
    'abcdefghijklmn',
    '            ',
  ];
  const fine = [
    'correct horse battery',
    'Tr0ub4dor&3xyz',
    'hunter2hunter2',
    'my cat is named felix',
    'admin-password-for-tests',
    '7382194650127731',
  ];
  for (const password of easy)
    it(`refuses ${JSON.stringify(password)}`, () => assert.equal(isTooEasy(password), true));
  for (const password of fine)
    it(`accepts ${JSON.stringify(password)}`, () => assert.equal(isTooEasy(password), false));

  it('is part of the password policy with its own code', () => {
    assert.throws(
      () => checkPasswordPolicy('password123456', 12),
      (error: { code?: string; message?: string }) =>
        error.code === 'users.passwordTooEasy' && error.message === 'password is too easy',
    );
    assert.doesNotThrow(() => checkPasswordPolicy('correct horse battery', 12));
  });
});
