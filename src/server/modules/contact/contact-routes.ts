import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { ContactMessageSchema, ContactSentSchema } from '../../../shared/contact.ts';
import type { ContactService } from './contact-service.ts';

const errors = { 400: ApiErrorSchema, 429: ApiErrorSchema };

export const contactRoutes: FastifyPluginAsyncZod<{ contact: ContactService }> = async (app, { contact }) => {
  // Open to visitors: a burst from one address stops here at once, before the database's hourly and daily counts.
  app.post(
    '/api/contact',
    {
      bodyLimit: 16 * 1024,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { body: ContactMessageSchema, response: { 201: ContactSentSchema, ...errors } },
    },
    async (request, reply) => {
      await contact.send(request.body, request.ip);
      return reply.code(201).send({ sent: true });
    },
  );
};
