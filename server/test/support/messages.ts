import type { Message } from '@openlfg/contracts';
import type { App } from '../../src/app.js';
import { call } from './groups.js';

let clientIds = 0;

/** Posts `text` to the group's board as the signed-in `user` (a fresh client id each time); answers the message. */
export async function sendMessage(
  app: App,
  user: { cookie: string },
  groupProjectId: number,
  text: string,
): Promise<Message> {
  const res = await call(app, 'POST', '/api/messages/add-message', user.cookie, {
    groupProjectId,
    clientId: `test-${Date.now()}-${++clientIds}`,
    text,
  });
  if (res.statusCode !== 200) throw new Error(`sending failed: ${res.statusCode} ${res.body}`);
  return res.json().data as Message;
}
