import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  firstPasswordRequestSchema,
  newDeviceLinkRequestSchema,
  signInSchema,
} from '../../shared/domain/admin.ts';
import { NEW_DEVICE_LINK } from '../auth/new-device-email.ts';
import { isBrowserNonce, newBrowserNonce } from '../auth/new-device-links.ts';
import {
  hashToken,
  normaliseEmail,
  REMEMBERED_SESSION_MS,
  type SignedIn,
} from '../auth/session-service.ts';
import { TRUSTED_DEVICE_LIFETIME_MS } from '../auth/trusted-devices.ts';
import { adminOf, DEVICE_COOKIE, LINK_COOKIE, SESSION_COOKIE, type ApiContext } from './context.ts';
import { ApiError, ERROR_ANSWERS, MESSAGES, newDeviceRefusal, tooManyRequests } from './errors.ts';

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
  context.events.broadcaster.closeSession(idHash);
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
  // Unmarked: a session cookie, gone when the browser closes. « Rester connecté sur cet
  // appareil »: kept 30 days, as long as the session itself (fixed, from sign-in).
  reply.setCookie(SESSION_COOKIE, signedIn.token, {
    ...cookieOptions(context, request),
    ...(signedIn.remembered ? { maxAge: REMEMBERED_SESSION_MS / 1000 } : {}),
  });
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

/** Where the browser's nonce for an e-mailed link is sent: the sign-in routes only. */
const LINK_PATH = '/api/session';

/**
 * A sign-in from an unknown device refused while the account is throttled. When a link can
 * be e-mailed, the browser gets (or keeps) its nonce cookie, and the password is checked
 * after this answer: if it is right, the owner receives the link (NewDeviceLinks). The answer
 * is the same for a right and a wrong password, and for an unknown account: it cannot be used
 * to guess past the throttle.
 */
function refuseUnknownDevice(
  context: ApiContext,
  request: FastifyRequest,
  reply: FastifyReply,
  { email, password }: { email: string; password: string },
  retryAfterSeconds: number,
) {
  if (!context.newDeviceLinks.canSend()) return newDeviceRefusal(retryAfterSeconds, 'no-email');
  const existing = request.cookies[LINK_COOKIE];
  // The same nonce as long as the browser has one: the link of an earlier attempt still works.
  const nonce = isBrowserNonce(existing) ? existing : newBrowserNonce();
  reply.setCookie(LINK_COOKIE, nonce, {
    ...cookieOptions(context, request),
    path: LINK_PATH,
    maxAge: NEW_DEVICE_LINK.lifetimeMs / 1000,
  });
  const admin = context.sessions.account(email);
  const done = admin ? context.signInThrottle.beginLinkCheck(request.ip) : null;
  if (admin && done) {
    context.newDeviceLinks.checkThenIssue(admin, nonce, () =>
      context.sessions.checkPassword(admin, password).finally(done),
    );
  }
  return newDeviceRefusal(retryAfterSeconds, 'link-sent');
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
      const { email, password, remember = false } = request.body;
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
      if (!decision.allowed) {
        if (decision.throttled && trustedDevice === null) {
          throw refuseUnknownDevice(
            context,
            request,
            reply,
            { email, password },
            decision.retryAfterSeconds,
          );
        }
        throw tooManyRequests(decision.retryAfterSeconds);
      }

      const { attempt } = decision;
      let signedIn;
      try {
        signedIn = await context.sessions.signIn(email, password, {
          first: attempt.trusted,
          remember,
        });
      } finally {
        if (signedIn) attempt.succeeded();
        else attempt.failed();
      }
      if (!signedIn) throw new ApiError(401, MESSAGES.invalidCredentials);

      openSession(context, request, reply, signedIn, trustedDevice);
      return { email: signedIn.email };
    },
  );

  // The link e-mailed to an unknown device while the account was throttled, opened in the
  // browser that typed the password (its nonce cookie): signs in and trusts the device.
  app.post(
    '/session/new-device',
    {
      schema: {
        body: newDeviceLinkRequestSchema,
        response: { 200: adminAnswerSchema, ...ERROR_ANSWERS },
      },
    },
    async (request, reply) => {
      const nonce = request.cookies[LINK_COOKIE];
      if (!isBrowserNonce(nonce)) throw new ApiError(410, MESSAGES.newDeviceLinkElsewhere);
      const admin = context.newDeviceLinks.redeem(request.body.token, nonce);
      if (!admin) throw new ApiError(410, MESSAGES.newDeviceLinkDead);
      openSession(context, request, reply, context.sessions.open(admin), null);
      return { email: admin.email };
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
      const signedIn = await context.sessions.signIn(email, password, { first: true });
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

/**
 * Who is signed in, and « Se déconnecter partout » (in the admin scope: without a session, a
 * 401).
 */
export const adminSessionRoutes: FastifyPluginAsyncZod<{ context: ApiContext }> = async (
  app,
  { context },
) => {
  app.get(
    '/session',
    { schema: { response: { 200: adminAnswerSchema, ...ERROR_ANSWERS } } },
    async (request) => ({ email: adminOf(request).adminEmail }),
  );

  // Every session of the owner ends, on every device (this one included), and their event
  // streams close: the next request of any of them answers 401.
  app.delete(
    '/sessions',
    { schema: { response: { 204: z.null(), ...ERROR_ANSWERS } } },
    async (request, reply) => {
      for (const idHash of context.sessions.signOutEverywhere(adminOf(request).adminId)) {
        context.events.broadcaster.closeSession(idHash);
      }
      reply.clearCookie(SESSION_COOKIE, cookieOptions(context, request));
      return reply.code(204).send(null);
    },
  );
};
