import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { CodeWordAnswerSchema, CodeWordChangeSchema } from '../../../shared/code-words.ts';
import type { Database } from '../../db/client.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import { changeCodeWord, readCodeWord } from './code-word.ts';

const errors = { 400: ApiErrorSchema, 401: ApiErrorSchema, 403: ApiErrorSchema, 409: ApiErrorSchema };

/** The customer's code word on /account and their home screen (issue 39): read it, pick another, or get a new one. */
export const codeWordRoutes: FastifyPluginAsyncZod<{ db: Database }> = async (app, { db }) => {
  app.get(
    '/api/account/code-word',
    { config: { access: 'verified' }, schema: { response: { 200: CodeWordAnswerSchema, ...errors } } },
    async (request, reply) => {
      // The word is the customer's secret at the door: no cache keeps it.
      reply.header('cache-control', 'no-store');
      return readCodeWord(db, requireVerifiedUser(request).id);
    },
  );

  app.put(
    '/api/account/code-word',
    { config: { access: 'verified' }, schema: { body: CodeWordChangeSchema, response: { 200: CodeWordAnswerSchema, ...errors } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return changeCodeWord(db, requireVerifiedUser(request).id, request.body);
    },
  );
};
