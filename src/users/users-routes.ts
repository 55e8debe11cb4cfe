// HTTP routes for user management (/api/users) and self-registration (/api/signup).
import type { FastifyInstance } from 'fastify';
import { authBodyLimit } from '../auth/auth-routes';
import type { Context } from '../context';
import { AppError } from '../errors';
import { actorOf } from '../http/auth';
import type { UsersDeps } from './users';
import { confirmActor, createUser, deleteUser, findVisible, updateUser, userView } from './users';
import type { DeleteBody, SignupBody, UserEnvelope, UserIdParams } from './users-schemas';
import {
  deleteBody,
  publicUserSchema,
  signupBody,
  userEnvelope,
  userIdParams,
} from './users-schemas';

export function usersDeps(ctx: Context): UsersDeps {
  return {
    users: ctx.users,
    settings: ctx.settings,
    shares: ctx.shares,
    root: ctx.config.root,
    // Behind a login proxy nobody knows their Drawer password; the proxy vouches on every request.
    confirmsPasswords: ctx.config.authMethod === 'json',
  };
}

function checkWhat(body: UserEnvelope): void {
  if (body.what !== 'user')
    throw new AppError('request.invalid', 'invalid data type: what must be "user"');
}

export async function usersRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  const deps = usersDeps(ctx);
  const userResponse = { response: { 200: publicUserSchema } };

  app.get(
    '/api/users',
    {
      config: { auth: 'admin' },
      schema: { response: { 200: { type: 'array', items: publicUserSchema } } },
    },
    async (request) => {
      const actor = actorOf(request);
      return ctx.users.list().map((user) => userView(actor, user));
    },
  );

  app.post<{ Body: UserEnvelope }>(
    '/api/users',
    {
      config: { auth: 'admin' },
      schema: { body: userEnvelope, response: { 201: publicUserSchema } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const body = request.body;
      checkWhat(body);
      if ((body.which ?? []).length > 0)
        throw new AppError('request.invalid', 'which must be empty when creating a user');
      await confirmActor(deps, actor, body.current_password, true);
      const user = await createUser(deps, body.data);
      // File Browser's client reads the new id from this UI route (without the base URL).
      return reply
        .code(201)
        .header('Location', `/settings/users/${user.id}`)
        .send(userView(actor, user));
    },
  );

  app.get<{ Params: UserIdParams }>(
    '/api/users/:id',
    { schema: { params: userIdParams, ...userResponse } },
    async (request) => {
      const actor = actorOf(request);
      return userView(actor, findVisible(ctx.users, actor, Number(request.params.id)));
    },
  );

  app.put<{ Params: UserIdParams; Body: UserEnvelope }>(
    '/api/users/:id',
    { schema: { params: userIdParams, body: userEnvelope, ...userResponse } },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = Number(request.params.id);
      const body = request.body;
      checkWhat(body);
      findVisible(ctx.users, actor, id);
      if (body.data.id !== id)
        throw new AppError('users.idMismatch', 'data.id does not match the user in the URL');
      const { user, passwordChanged } = await updateUser(
        deps,
        actor,
        id,
        body.which ?? [],
        body.data,
        body.current_password,
      );
      // The caller's own token stops working with a new password or name: hand over a fresh one.
      // A confirmed password change starts a new session; a rename goes on with the same one.
      if (user.id === actor.id && (passwordChanged || user.username !== actor.username))
        reply.header(
          'X-Auth-Token',
          ctx.tokens.issue(user, passwordChanged ? undefined : request.session),
        );
      return userView(actor, user);
    },
  );

  app.delete<{ Params: UserIdParams; Body: DeleteBody }>(
    '/api/users/:id',
    {
      schema: { params: userIdParams, body: deleteBody },
      // File Browser's client sends { current_password }; a missing body is refused as missing it.
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = Number(request.params.id);
      findVisible(ctx.users, actor, id);
      await confirmActor(deps, actor, request.body.current_password, true);
      await deleteUser(deps, actor, id);
      return reply.code(200).send();
    },
  );

  app.post<{ Body: SignupBody }>(
    '/api/signup',
    {
      config: { auth: 'public' },
      bodyLimit: authBodyLimit,
      schema: { body: signupBody },
      preValidation: async () => {
        // Without password login a new account could never log in: users come from the proxy.
        if (!ctx.settings.get().signup || ctx.config.authMethod !== 'json')
          throw new AppError('signup.disabled');
      },
    },
    async (request, reply) => {
      await createUser(deps, request.body, { signup: true });
      return reply.code(200).send();
    },
  );
}
