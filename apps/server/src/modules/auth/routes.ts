import {
  changeEmailBodySchema,
  errorBodySchema,
  loginBodySchema,
  meQuerySchema,
  meResponseSchema,
  messageResponseSchema,
  registerBodySchema,
  registerResponseSchema,
  resetConfirmBodySchema,
  resetRequestBodySchema,
  tokenParamsSchema,
  tokenResponseSchema,
  userResponseSchema,
} from '@hunab/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { referralCookie } from '../../lib/cookies.ts';
import { errorResponses } from '../../lib/errors.ts';
import type { AuthService } from './service.ts';
import { toUserDto } from './service.ts';
import { sessionHooks, sessionOf } from './session.ts';

const errors = errorResponses(400, 401, 403, 409, 429);
const tags = ['auth'];

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  /** Called with a new account and the request's referral cookie (the referrals module records the sign-up). */
  onSignUp?: (userId: string, referralCookie: string | undefined, ip: string) => Promise<unknown>;
}> = async (app, { auth, onSignUp }) => {
  const session = sessionHooks(auth);

  app.post(
    '/auth/register',
    {
      schema: {
        summary: 'Create an account',
        tags,
        body: registerBodySchema,
        response: { 200: registerResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, token, requiresEmailVerification } = await auth.register(request.body, request.ip);
      await onSignUp?.(user.id, referralCookie(request), request.ip);
      return {
        success: true as const,
        message: requiresEmailVerification
          ? 'Registration successful. Please confirm your email: we have sent you a link.'
          : 'Registration successful',
        token,
        user: toUserDto(user),
        data: { requiresEmailVerification },
      };
    },
  );

  app.post(
    '/auth/login',
    {
      schema: {
        summary: 'Sign in with email and password',
        tags,
        body: loginBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await auth.login(request.body.email, request.body.password, request.ip);
      return { success: true as const, token, user: toUserDto(user) };
    },
  );

  app.get(
    '/auth/me',
    {
      schema: {
        summary: 'The signed-in user',
        tags,
        querystring: meQuerySchema,
        response: { 200: meResponseSchema, 401: errorBodySchema },
      },
      preHandler: session.required,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { success: true as const, authenticated: true as const, user: toUserDto(sessionOf(request).user) };
    },
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        summary: 'Sign out this session',
        tags,
        response: { 200: messageResponseSchema, 401: errorBodySchema },
      },
      preHandler: session.required,
    },
    async (request) => {
      await auth.logout(sessionOf(request));
      return { success: true as const, message: 'Signed out' };
    },
  );

  app.post(
    '/auth/email',
    {
      schema: {
        summary: 'Ask to move the account to a new email; it moves when the link sent there is opened',
        tags,
        body: changeEmailBodySchema,
        response: { 200: userResponseSchema.extend({ token: z.string() }), ...errors },
      },
      preHandler: session.required,
    },
    async (request) => {
      const { user, token } = await auth.changeEmail(
        sessionOf(request),
        request.body.email,
        request.body.password,
        request.ip,
      );
      return {
        success: true as const,
        message:
          'We have sent a link to the new address: the email changes when it is opened. Your other sessions have ended.',
        user: toUserDto(user),
        token,
      };
    },
  );

  app.get(
    '/auth/verify-email/:token',
    {
      schema: {
        summary: 'Confirm an email address from the emailed link',
        tags,
        params: tokenParamsSchema,
        response: { 200: userResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await auth.verifyEmail(request.params.token);
      return { success: true as const, message: 'Email verified', user: toUserDto(user) };
    },
  );

  app.post(
    '/auth/verify-email/resend',
    {
      schema: {
        summary: 'Send the confirmation link again',
        tags,
        body: resetRequestBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      auth.resendVerification(request.body.email);
      return { success: true as const, message: 'If this address waits for confirmation, we have sent a new link.' };
    },
  );

  app.post(
    '/auth/reset-password',
    {
      schema: {
        summary: 'Email a link to choose a new password',
        tags,
        body: resetRequestBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      auth.requestPasswordReset(request.body.email);
      return {
        success: true as const,
        message: 'If an account exists for this email, we have sent a link to reset the password.',
      };
    },
  );

  app.post(
    '/auth/reset-password/confirm',
    {
      schema: {
        summary: 'Set a new password from the emailed link',
        tags,
        body: resetConfirmBodySchema,
        response: { 200: tokenResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { user, token } = await auth.confirmPasswordReset(request.body.token, request.body.password);
      return { success: true as const, token, user: toUserDto(user) };
    },
  );
};
