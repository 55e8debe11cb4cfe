// HTTP routes for the global settings (admin only): GET shows them without secrets, PUT checks and saves.
import type { FastifyInstance } from 'fastify';
import type { Context } from '../context';
import { applySettingsInput, settingsView } from './settings-input';
import type { SettingsInput } from './settings-schemas';
import { settingsBody, settingsResponse } from './settings-schemas';

export async function settingsRoutes(app: FastifyInstance, ctx: Context): Promise<void> {
  app.get(
    '/api/settings',
    { config: { auth: 'admin' }, schema: { response: { 200: settingsResponse } } },
    async () => settingsView(ctx.settings.get(), ctx.config.authMethod),
  );

  app.put<{ Body: SettingsInput }>(
    '/api/settings',
    {
      config: { auth: 'admin' },
      schema: { body: settingsBody, response: { 200: settingsResponse } },
    },
    async (request) => {
      const next = applySettingsInput(ctx.settings.get(), request.body);
      await ctx.settings.put(next);
      return settingsView(next, ctx.config.authMethod);
    },
  );
}
