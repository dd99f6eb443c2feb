import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  estimatedValueBodySchema,
  leadSchema,
  nextActionBodySchemaAt,
  noteBodySchema,
  replyBodySchema,
  statusChangeSchemaAt,
} from '../../shared/domain/leads/pipeline.ts';
import {
  newContactMessageFields,
  newContactNextAction,
  newContactSchemaAt,
} from '../../shared/domain/leads/new-contact.ts';
import { PipelineRefusal } from '../leads/lead-pipeline.ts';
import type { ApiContext } from './context.ts';
import { eventStreamRoute } from './event-stream-route.ts';
import { ApiError, ERROR_ANSWERS, MESSAGES } from './errors.ts';

const leadParamsSchema = z.strictObject({ id: z.string().min(1).max(100) });
const noteParamsSchema = z.strictObject({
  id: z.string().min(1).max(100),
  noteId: z.string().min(1).max(100),
});
// The shapes; whether a new next action lies ahead is checked against the server's clock.
const statusBodySchema = statusChangeSchemaAt(Number.NEGATIVE_INFINITY);
const nextActionBodySchema = nextActionBodySchemaAt(Number.NEGATIVE_INFINITY);
const leadAnswer = { 200: leadSchema, ...ERROR_ANSWERS };
const newContactBodySchema = newContactSchemaAt(Number.NEGATIVE_INFINITY);

/** Runs a pipeline operation; its refusals become the API's answers, in French. */
function answering<T>(operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    if (!(error instanceof PipelineRefusal)) throw error;
    switch (error.kind) {
      case 'not-found':
        throw new ApiError(404, MESSAGES.messageNotFound);
      case 'note-not-found':
        throw new ApiError(404, error.message);
      case 'correction-over':
        throw new ApiError(409, error.message);
      case 'invalid-input':
        throw new ApiError(400, MESSAGES.invalidInput, {}, undefined, error.fields);
    }
  }
}

/** The lead pipeline (docs/inbox.md, « Le suivi des contacts »): the owner's only. */
export const adminLeadsRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  const { leads } = context;

  app.get(
    '/leads',
    { schema: { response: { 200: z.array(leadSchema), ...ERROR_ANSWERS } } },
    async (_request, reply) => {
      const { leads: all, lastEventId } = leads.snapshot();
      return reply.header('X-Last-Event-Id', String(lastEventId)).send(all);
    },
  );

  // « Nouveau contact »: a lead the owner typed in, never notified (docs/inbox.md).
  app.post(
    '/leads',
    {
      schema: {
        body: newContactBodySchema,
        response: { 201: z.object({ id: z.string() }), ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const { source, ...fields } = newContactMessageFields(input);
      const { message, also: publishLead } = answering(() =>
        context.inbox.addTypedIn(fields, source, (stored) => {
          const now = stored.receivedAt ?? 0;
          return leads.startTypedIn(
            stored.id,
            { status: input.status, nextActionAt: newContactNextAction(input, now) },
            now,
          );
        }),
      );
      publishLead();
      return reply.code(201).send({ id: message.id });
    },
  );

  app.post(
    '/leads/:id/status',
    { schema: { params: leadParamsSchema, body: statusBodySchema, response: leadAnswer } },
    async (request) => answering(() => leads.setStatus(request.params.id, request.body)),
  );

  app.post(
    '/leads/:id/notes',
    {
      schema: {
        params: leadParamsSchema,
        body: noteBodySchema,
        response: { 201: z.object({ noteId: z.string(), lead: leadSchema }), ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const { noteId, lead } = answering(() => leads.addNote(request.params.id, request.body.text));
      return reply.code(201).send({ noteId, lead });
    },
  );

  app.patch(
    '/leads/:id/notes/:noteId',
    { schema: { params: noteParamsSchema, body: noteBodySchema, response: leadAnswer } },
    async (request) =>
      answering(() =>
        leads.correctNote(request.params.id, request.params.noteId, request.body.text),
      ),
  );

  app.put(
    '/leads/:id/next-action',
    { schema: { params: leadParamsSchema, body: nextActionBodySchema, response: leadAnswer } },
    async (request) =>
      answering(() => leads.setNextAction(request.params.id, request.body.nextActionAt)),
  );

  app.put(
    '/leads/:id/estimated-value',
    { schema: { params: leadParamsSchema, body: estimatedValueBodySchema, response: leadAnswer } },
    async (request) =>
      answering(() => leads.setEstimatedValue(request.params.id, request.body.estimatedValue)),
  );

  app.post(
    '/leads/:id/replies',
    { schema: { params: leadParamsSchema, body: replyBodySchema, response: leadAnswer } },
    async (request) => answering(() => leads.recordReply(request.params.id, request.body.channel)),
  );

  eventStreamRoute(app, '/leads/events', 'leads', context.events);
};
