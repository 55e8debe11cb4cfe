// Type additions Fastify needs: the route's auth level and the actor each request carries.
import type { StoredUser } from '../users/user';

/** Who a route admits: anyone, any logged-in user, or admins only. */
export type AuthLevel = 'public' | 'user' | 'admin';

/** The user acting on a request, read fresh from the store (never trusted from the token). */
export type Actor = StoredUser;

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    actor: Actor | undefined;
  }
}
