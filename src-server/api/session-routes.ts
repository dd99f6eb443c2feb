import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import { z } from 'zod';
import { hashToken, normaliseEmail } from '../auth/session-service.ts';
import { TRUSTED_DEVICE_LIFETIME_MS } from '../auth/trusted-devices.ts';
import { DEVICE_COOKIE, SESSION_COOKIE, type ApiContext } from './context.ts';
import { MESSAGES, sendError, sendTooMany } from './errors.ts';

const REQUIRED = 'Ce champ est obligatoire.';

const signInSchema = z.strictObject({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(254, 'Adresse trop longue.'),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1024, 'Mot de passe trop long.'),
});

export function sessionRoutes(
  app: FastifyInstance,
  context: ApiContext,
  requireAdmin: preHandlerAsyncHookHandler,
) {
  const cookieOptions = (request: FastifyRequest) => ({
    httpOnly: true,
    sameSite: 'strict' as const,
    path: '/',
    secure: context.cookieSecure || request.protocol === 'https',
  });

  /** Ends the session this browser had, if any, and its event streams. */
  const endCurrentSession = (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return;
    const idHash = hashToken(token);
    context.sessions.signOut(idHash);
    context.broadcaster.closeSession(idHash);
  };

  app.post('/session', { schema: { body: signInSchema } }, async (request, reply: FastifyReply) => {
    const { email, password } = request.body as z.infer<typeof signInSchema>;
    const account = normaliseEmail(email);
    const trustedDevice = context.trustedDevices.recognise(request.cookies[DEVICE_COOKIE], account);
    const decision = context.signInThrottle.begin({
      account,
      address: request.ip,
      trustedDevice,
    });
    if (!decision.allowed) {
      return sendTooMany(
        reply,
        decision.retryAfterSeconds,
        MESSAGES.tooManySignIns(decision.retryAfterSeconds),
      );
    }

    const { attempt } = decision;
    let signedIn;
    try {
      signedIn = await context.sessions.signIn(email, password, attempt.trusted);
    } finally {
      if (signedIn) attempt.succeeded();
      else attempt.failed();
    }
    if (!signedIn) return sendError(reply, 401, MESSAGES.invalidCredentials);

    // A fresh id at every sign-in: an id planted before sign-in is worth nothing after.
    endCurrentSession(request);
    reply.setCookie(SESSION_COOKIE, signedIn.token, cookieOptions(request));
    if (trustedDevice) {
      context.trustedDevices.renew(trustedDevice);
    } else {
      reply.setCookie(DEVICE_COOKIE, context.trustedDevices.issue(signedIn.adminId), {
        ...cookieOptions(request),
        path: '/api/session',
        maxAge: TRUSTED_DEVICE_LIFETIME_MS / 1000,
      });
    }
    return { email: signedIn.email };
  });

  app.get('/session', { preHandler: requireAdmin }, async (request) => ({
    email: request.adminSession?.adminEmail,
  }));

  // Answers 204 with or without a session: signing out twice is not an error.
  app.delete('/session', async (request, reply) => {
    endCurrentSession(request);
    reply.clearCookie(SESSION_COOKIE, cookieOptions(request));
    return reply.code(204).send();
  });
}
