// reCAPTCHA verification against the configured host (Google's, or any compatible verifier).
import { AppError } from '../errors';
import type { Recaptcha } from '../api/settings';

export async function verifyRecaptcha(
  settings: Recaptcha,
  response: string,
  fetchImpl: typeof fetch,
): Promise<boolean> {
  if (response.trim() === '') return false;
  const url = new URL('/recaptcha/api/siteverify', settings.host);
  let answer: Response;
  try {
    answer = await fetchImpl(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ secret: settings.secret, response }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new AppError('auth.recaptchaUnavailable', 'the reCAPTCHA service could not be reached', {
      cause: error,
    });
  }
  if (!answer.ok) return false;
  const body = (await answer.json().catch(() => ({}))) as { success?: unknown };
  return body.success === true;
}
