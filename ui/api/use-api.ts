// Components reach the API client and query client through the router context.
import { useRouter } from '@tanstack/react-router';
import type { ApiClient } from './client';
import type { RouterContext } from '../routes/root';

export function useApi(): ApiClient {
  return (useRouter().options.context as RouterContext).api;
}
