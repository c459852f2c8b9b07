import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ApiErrorSchema } from '../../../shared/api-error.ts';
import { ChatbotInquirySchema, ChatReplySchema, ChatRequestSchema, InquirySentSchema } from '../../../shared/chat.ts';
import { requireVerifiedUser } from '../../plugins/session.ts';
import type { ChatService } from './chat-service.ts';

/**
 * 20 messages of 2,000 characters, even when every character arrives as a JSON escape, fit in this; anything
 * larger is refused with 413 before it is parsed.
 */
export const CHAT_BODY_LIMIT_BYTES = 300 * 1024;

const errors = {
  400: ApiErrorSchema,
  401: ApiErrorSchema,
  403: ApiErrorSchema,
  413: ApiErrorSchema,
  429: ApiErrorSchema,
  502: ApiErrorSchema,
  503: ApiErrorSchema,
  504: ApiErrorSchema,
};

export const chatRoutes: FastifyPluginAsyncZod<{ chat: ChatService }> = async (app, { chat }) => {
  app.post(
    '/api/chat',
    {
      config: { access: 'verified' },
      bodyLimit: CHAT_BODY_LIMIT_BYTES,
      schema: { body: ChatRequestSchema, response: { 200: ChatReplySchema, ...errors } },
    },
    async (request, reply) => {
      const viewer = requireVerifiedUser(request);
      // A reader who leaves (closes the page, presses Clear) stops the provider's work, and its bill, at once.
      const left = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      return chat.reply(viewer, request.body.messages, left.signal, request.body.locale);
    },
  );

  app.post(
    '/api/chat/inquiries',
    { config: { access: 'verified' }, schema: { body: ChatbotInquirySchema, response: { 201: InquirySentSchema, ...errors } } },
    async (request, reply) => {
      await chat.sendInquiry(requireVerifiedUser(request), request.body);
      return reply.code(201).send({ sent: true as const });
    },
  );
};
