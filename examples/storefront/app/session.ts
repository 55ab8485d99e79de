// Who is signed in, as the app's backend (price-catalog/server) knows it: the browser holds only
// an HttpOnly session cookie, never a token.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AuthenticationError, type User } from 'price-catalog';
import { api } from './client.js';

export const SESSION_KEY = ['storefront', 'session'] as const;
const AUTH = '/api/catalog/auth';

async function readSession(): Promise<User | null> {
  const answer = await fetch(`${AUTH}/session`, { headers: { accept: 'application/json' } });
  if (!answer.ok) throw new Error(`The session could not be read (${answer.status})`);
  const { signed_in } = (await answer.json()) as { signed_in: boolean };
  if (!signed_in) return null;
  // A session whose sign-in has expired at the API is signed out too.
  return api.user.get().catch((error: unknown) => {
    if (error instanceof AuthenticationError) return null;
    throw error;
  });
}

export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: readSession,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** The sign-in link: the backend sends the browser to the API's authorization page and back here. */
export function signInHref(): string {
  const back = new URL(window.location.href);
  back.searchParams.set('signin', '1');
  return `${AUTH}/login?return_to=${encodeURIComponent(back.pathname + back.search)}`;
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return async () => {
    await fetch(`${AUTH}/logout`, { method: 'POST' });
    // Nothing of the user's stays cached for whoever uses this browser next.
    queryClient.removeQueries({ queryKey: ['price-catalog'] });
    queryClient.setQueryData(SESSION_KEY, null);
  };
}
