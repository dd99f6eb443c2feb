import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { firstPasswordRequestSchema, signInSchema } from '../../shared/domain/admin.ts';
import { hashToken, normaliseEmail, type SignedIn } from '../auth/session-service.ts';
import { TRUSTED_DEVICE_LIFETIME_MS } from '../auth/trusted-devices.ts';
import { adminOf, DEVICE_COOKIE, SESSION_COOKIE, type ApiContext } from './context.ts';
import { ApiError, ERROR_ANSWERS, MESSAGES, tooManyRequests } from './errors.ts';

const adminAnswerSchema = z.object({ email: z.string() });

function cookieOptions(context: ApiContext, request: FastifyRequest) {
  return {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: context.cookieSecure || request.protocol === 'https',
  } satisfies Parameters<FastifyReply['setCookie']>[2];
}

/** Ends the session this browser had, if any, and its event streams. */
function endCurrentSession(context: ApiContext, request: FastifyRequest): void {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return;
  const idHash = hashToken(token);
  context.sessions.signOut(idHash);
  context.broadcaster.closeSession(idHash);
}

/**
 * Sets the cookies of a new session, and trusts the device: a known one is kept another year,
 * an unknown one gets its device cookie.
 */
function openSession(
  context: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  signedIn: SignedIn,
  trustedDevice: string | null,
): void {
  // A fresh id at every sign-in: an id planted before sign-in is worth nothing after.
  endCurrentSession(context, request);
  reply.setCookie(SESSION_COOKIE, signedIn.token, cookieOptions(context, request));
  if (trustedDevice) {
    context.trustedDevices.renew(trustedDevice);
  } else {
    reply.setCookie(DEVICE_COOKIE, context.trustedDevices.issue(signedIn.adminId), {
      ...cookieOptions(context, request),
      path: '/api/session',
      maxAge: TRUSTED_DEVICE_LIFETIME_MS / 1000,
    });
  }
}

/** Signing in and out: open to anyone (the session is what they decide). */
export const sessionRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  app.post(
    '/session',
    { schema: { body: signInSchema, response: { 200: adminAnswerSchema, ...ERROR_ANSWERS } } },
    async (request, reply) => {
      const { email, password } = request.body;
      const account = normaliseEmail(email);
      const trustedDevice = context.trustedDevices.recognise(
        request.cookies[DEVICE_COOKIE],
        account,
      );
      const decision = context.signInThrottle.begin({
        account,
        address: request.ip,
        trustedDevice,
      });
      if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds);

      const { attempt } = decision;
      let signedIn;
      try {
        signedIn = await context.sessions.signIn(email, password, attempt.trusted);
      } finally {
        if (signedIn) attempt.succeeded();
        else attempt.failed();
      }
      if (!signedIn) throw new ApiError(401, MESSAGES.invalidCredentials);

      openSession(context, request, reply, signedIn, trustedDevice);
      return { email: signedIn.email };
    },
  );

  // The first password, from the link printed at start while no account exists.
  app.post(
    '/setup',
    {
      schema: {
        body: firstPasswordRequestSchema,
        response: { 200: adminAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const { token, email, password } = request.body;
      if (!(await context.firstPassword.complete(token, email, password))) {
        throw new ApiError(410, MESSAGES.firstPasswordLinkDead);
      }
      const signedIn = await context.sessions.signIn(email, password, true);
      if (!signedIn) throw new ApiError(500, MESSAGES.internal);
      openSession(context, request, reply, signedIn, null);
      return { email: signedIn.email };
    },
  );

  // Answers 204 with or without a session: signing out twice is not an error.
  app.delete(
    '/session',
    { schema: { response: { 204: z.null(), ...ERROR_ANSWERS } } },
    async (request, reply) => {
      endCurrentSession(context, request);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(context, request));
      return reply.code(204).send(null);
    },
  );
};

/** Who is signed in (in the admin scope: without a session, a 401). */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (app) => {
  app.get(
    '/session',
    { schema: { response: { 200: adminAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({ email: adminOf(request).adminEmail }),
  );
};
