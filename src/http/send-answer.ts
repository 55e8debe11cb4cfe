// Sends an Answer the file modules decided (src/files/answer.ts).
import type { FastifyReply } from 'fastify';
import type { Answer } from '../files/answer';

export function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  const { onClosed } = answer;
  if (onClosed) reply.raw.once('close', () => onClosed(reply.raw.writableFinished));
  reply.code(answer.status).headers(answer.headers);
  return answer.body === undefined ? reply.send() : reply.send(answer.body);
}
