import { beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../src/server/services/notification-service.ts';
import { findNotification } from '../../src/server/repositories/notification-repository.ts';
import { chatWorld, openStream, sendText } from '../support/chat.ts';
import { createSignedInUser } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let app: TestApp;
let w: Awaited<ReturnType<typeof chatWorld>>;
const db = () => app.database.db;

beforeAll(async () => {
  app = await createTestApp();
  w = await chatWorld(db());
});

describe('notifications', () => {
  it('needs a signed-in user', async () => {
    expect((await app.call('GET', '/api/get_notification_list')).status).toBe(401);
    expect((await app.call('POST', '/api/mark-notifications-read', { body: { all: 1 } })).status).toBe(401);
  });

  it('a new message notifies the receiver, in their language, linking to the conversation', async () => {
    await sendText(app, w.buyer, { receiver_id: w.owner.user.id, property_id: w.property.id, message: 'Hi there' });
    const list = await app.call('GET', '/api/get_notification_list', { token: w.owner.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toMatchObject({ total: 1, unread: 1 });
    expect(list.body.data.items[0]).toMatchObject({
      type: 'chat_message',
      title: `New message from ${w.buyer.user.name}`,
      body: 'Hi there',
      is_read: false,
      url: `/user/messages/u${w.buyer.user.id}-p${w.property.id}`,
    });
    const arabic = await app.call('GET', '/api/get_notification_list?lang=ar', { token: w.owner.token });
    expect(arabic.body.data.items[0].title).toBe(`رسالة جديدة من ${w.buyer.user.name}`);
    // The sender is not notified of their own message.
    const sender = await app.call('GET', '/api/get_notification_list', { token: w.buyer.token });
    expect(sender.body.data.total).toBe(0);
    // Reading the conversation reads its message notifications too.
    await app.call('GET', `/api/get_messages?user_id=${w.buyer.user.id}&property_id=${w.property.id}`, {
      token: w.owner.token,
    });
    const after = await app.call('GET', '/api/get_notification_list', { token: w.owner.token });
    expect(after.body.data).toMatchObject({ total: 1, unread: 0 });
  });

  it('pages newest first and marks read by ids (only your own) or all, answering the unread count', async () => {
    const reader = await createSignedInUser(db());
    for (let i = 1; i <= 25; i++)
      await notify(db(), reader.user.id, { type: 'test', title: `Event ${i}`, body: `Body ${i}` });
    const first = await app.call('GET', '/api/get_notification_list?offset=0&limit=10', { token: reader.token });
    expect(first.body.data).toMatchObject({ total: 25, offset: 0, limit: 10, unread: 25 });
    expect(first.body.data.items.map((n: any) => n.title).slice(0, 2)).toEqual(['Event 25', 'Event 24']);
    const last = await app.call('GET', '/api/get_notification_list?offset=20&limit=10', { token: reader.token });
    expect(last.body.data.items.map((n: any) => n.title)).toEqual([
      'Event 5',
      'Event 4',
      'Event 3',
      'Event 2',
      'Event 1',
    ]);

    const notMine = (await notify(db(), w.owner.user.id, { type: 'test', title: 'Not yours' })).id;
    const ids = first.body.data.items.slice(0, 3).map((n: any) => n.id);
    const marked = await app.call('POST', '/api/mark-notifications-read', {
      token: reader.token,
      body: { ids: [...ids, notMine] },
    });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ updated: 3, unread: 22 });
    expect((await findNotification(db(), notMine))!.readAt).toBeNull();

    const form = new FormData();
    form.set('ids', String(first.body.data.items[3].id));
    const byForm = await app.call('POST', '/api/mark-notifications-read', { token: reader.token, body: form });
    expect(byForm.body.data).toEqual({ updated: 1, unread: 21 });

    const bad = await app.call('POST', '/api/mark-notifications-read', { token: reader.token, body: {} });
    expect(bad.status).toBe(422);
    const all = await app.call('POST', '/api/mark-notifications-read', { token: reader.token, body: { all: 1 } });
    expect(all.body.data).toEqual({ updated: 21, unread: 0 });
    const after = await app.call('GET', '/api/get_notification_list?limit=1', { token: reader.token });
    expect(after.body.data.items[0].is_read).toBe(true);
  });

  it('notify() stores and publishes only when its transaction commits', async () => {
    const reader = await createSignedInUser(db());
    const stream = await openStream(app, reader);
    try {
      await db()
        .transaction(async (tx) => {
          await notify(tx, reader.user.id, { type: 'test', title: 'Rolled back' });
          throw new Error('rollback');
        })
        .catch(() => {});
      const kept = await db().transaction((tx) =>
        notify(tx, reader.user.id, {
          type: 'property_approved',
          title: 'Your property is live',
          data: { url: '/my-property/x' },
        }),
      );
      const live = await stream.next('notification');
      expect(live.data.notification).toMatchObject({
        id: kept.id,
        title: 'Your property is live',
        url: '/my-property/x',
      });
      expect(live.data.unread).toBe(1);
      expect(stream.events.filter((e) => e.event === 'notification')).toHaveLength(1);
      const list = await app.call('GET', '/api/get_notification_list', { token: reader.token });
      expect(list.body.data.items.map((n: any) => n.title)).toEqual(['Your property is live']);
    } finally {
      stream.close();
    }
  });
});
