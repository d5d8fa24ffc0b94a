import type { FastifyReply, FastifyRequest } from 'fastify'

export const SESSION_COOKIE = 'lr_session'

export function readSessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[SESSION_COOKIE] || undefined
}

export function setSessionCookie(reply: FastifyReply, token: string, secure: boolean): void {
  // No Max-Age: the server owns expiry (the sliding idle timeout); the browser forgets the
  // cookie when it closes.
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure, path: '/' })
}
