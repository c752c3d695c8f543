import type { FastifyReply } from 'fastify';

/** Answers the HTML page a link of an email opens; no cache keeps it, since it stands for one recipient. */
export const sendLinkPage = (reply: FastifyReply, html: string) =>
  reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
