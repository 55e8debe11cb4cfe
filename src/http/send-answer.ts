// Sends an Answer the file modules decided (src/files/answer.ts).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Answer } from '../files/answer';
import { writtenBody } from './written-body';

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  const { onClosed, onWritten } = answer;
  if (onClosed) reply.raw.once('close', () => onClosed(reply.raw.writableFinished));
  reply.code(answer.status).headers(answer.headers);
  if (answer.body === undefined) return reply.send();
  const body =
    onWritten && answer.body instanceof Readable
      ? writtenBody(answer.body, onWritten)
      : answer.body;
  return reply.send(body);
}
