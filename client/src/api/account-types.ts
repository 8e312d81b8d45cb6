// Auth shapes, taken from the generated API types so the client never keeps a copy of its own.
import type { components, paths } from './schema';

/** The signed-in account: id, username, email, profileImage, roles (7 premium, 9 coach). */
export type User = components['schemas']['User'];

/** What login, who-am-I and refresh answer: the user, with how long the session has left (when the server says). */
export type SessionUser = User & { session?: components['schemas']['SessionUser']['session'] };

type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;

export type LoginBody = JsonBody<paths['/api/auth/login']['post']>;
export type SignupBody = JsonBody<paths['/api/auth/signup']['post']>;
